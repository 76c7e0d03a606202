// printable: text that may carry bytes of a broken file or of someone hostile (a
// problem.json of garbage, a test file's name, a participant's folder, a submission's
// path, an interactor's message or stderr) made fit for a terminal: valid UTF-8 is
// kept; every control character (C0, DEL and the C1 range U+0080..U+009F, which some
// terminals take as the start of an escape sequence) and every byte that is not part
// of valid UTF-8 becomes \xNN. So no name or message can clear the screen, set the
// window title or move the cursor: ESC itself is shown as \x1b.
//
// printable() keeps newlines and tabs (a compiler's message has lines);
// printable_line() escapes them too, for what must stay on one line: a name in a
// table, a message after a verdict (a newline in a file name would forge a line).
#pragma once

#include <string>
#include <string_view>

namespace judge {

std::string printable(std::string_view text);
std::string printable_line(std::string_view text);

}  // namespace judge
