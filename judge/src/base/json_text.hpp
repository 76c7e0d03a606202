// json_text: the one way the judge turns JSON into text (result files, the journal,
// batch.json, standings, doctor --json, a worker's answer). A string in it may hold
// bytes that are not UTF-8: a file or folder name (`x\xff.py`, a participant folder
// `bad\xff\xfe`), an interactor's judgemessage.txt that echoes the contestant's
// bytes, a message tail cut in the middle of a character. nlohmann::json's plain
// dump() throws on those (type_error 316) and the judge would fail after grading;
// here each invalid part is replaced by U+FFFD (as base/utf8.hpp's valid_utf8), so
// every file the judge writes is valid UTF-8 JSON and writing never throws.
//
// The batch's workers get their job and give their answer as CBOR instead
// (batch/worker.hpp): paths must reach them byte for byte.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace judge {

// indent -1: one line; otherwise pretty-printed with that many spaces.
std::string json_text(const nlohmann::json& value, int indent = -1);

}  // namespace judge
