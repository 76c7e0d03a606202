#include "process/stoppable.hpp"

#include <cstdio>

#include "process/private_tmpdir.hpp"
#include "process/process.hpp"

namespace judge {

int run_stoppable(const std::function<int(const InterruptWatch&)>& body, const std::string& after_stop) {
  const InterruptWatch interrupt;
  // After the watch (whose thread never reads the environment), so that it is removed
  // while the stop signals are still blocked, after the last kill below.
  const PrivateTmpdir tmpdir;
  try {
    return body(interrupt);
  } catch (const Interrupted& stop) {
    kill_orphans();  // anything of the test still unreaped (the watch only kills)
    std::fprintf(stderr, "judge: %s: every process the judge started is killed%s\n", stop.what(),
                 after_stop.c_str());
    return stop.exit_status();
  }
}

}  // namespace judge
