// printable: text that may carry bytes of a broken file (a problem.json of garbage,
// a test file's name, an interactor's stderr) made fit for a terminal: valid UTF-8
// and newlines and tabs are kept; every other control byte, DEL and every byte
// that is not part of valid UTF-8 becomes \xNN. A corrupt file must give a clear
// message, not raw bytes that garble the terminal.
#pragma once

#include <string>
#include <string_view>

namespace judge {

std::string printable(std::string_view text);

}  // namespace judge
