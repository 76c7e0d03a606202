// Bytes as lowercase hexadecimal and back: how a byte string that JSON cannot hold as
// it is (a path that is not UTF-8) is kept in a JSON file and read back exactly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace judge {

// Two lowercase hexadecimal digits per byte.
std::string hex_of(std::string_view bytes);

// The bytes `hex` stands for, or nullopt when it is not an even number of hexadecimal
// digits.
std::optional<std::string> bytes_of_hex(std::string_view hex);

}  // namespace judge
