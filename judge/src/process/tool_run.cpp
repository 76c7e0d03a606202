#include "process/tool_run.hpp"

#include <fcntl.h>
#include <poll.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"
#include "base/unique_fd.hpp"
#include "process/process.hpp"

namespace judge {
namespace fs = std::filesystem;

std::string ToolRun::failure_message(const std::string& tool) const {
  std::string message = output;
  if (!message.empty() && message.back() != '\n') message += '\n';
  if (!ended_in_time)
    message += fmt::format("{} took too long and was stopped", tool);
  else if (exit.signaled)
    message += fmt::format("{} was killed by {}", tool, signal_name(exit.signal));
  else
    message += fmt::format("{} exited with status {}", tool, exit.exit_code);
  return message;
}

ToolRun run_tool(const ToolRunRequest& request) {
  ToolRun run;
  {
    UniqueFd log = open_for_writing(request.log_path.c_str());
    UniqueFd out = request.stdout_path.empty() ? UniqueFd() : open_for_writing(request.stdout_path.c_str());
    SpawnRequest spawn;
    spawn.argv = request.argv;
    UniqueFd in;
    if (!request.stdin_path.empty()) {
      in = UniqueFd(::open(request.stdin_path.c_str(), O_RDONLY | O_CLOEXEC));
      if (!in.valid())
        throw ConfigError(fmt::format("cannot read {}: {}", request.stdin_path.string(), std::strerror(errno)));
    }
    spawn.stdin_fd = in.valid() ? in.get() : -1;
    spawn.stdout_fd = out.valid() ? out.get() : log.get();
    spawn.stderr_fd = log.get();
    spawn.limits.cpu_ms = request.cpu_limit_ms;
    spawn.working_dir = request.working_dir.string();
    Process tool = Process::spawn(spawn);
    log.reset();
    out.reset();
    in.reset();
    // The CPU limit is the kernel's backstop; a tool that sleeps or waits is stopped
    // by this wall-clock bound (its whole process group: a build script's children).
    pollfd fd{tool.pidfd(), POLLIN, 0};
    run.ended_in_time = tool.pidfd() < 0 ||
                        ::poll(&fd, 1, static_cast<int>(2 * request.cpu_limit_ms)) > 0;
    if (!run.ended_in_time) tool.kill_group();
    tool.reap();
    run.exit = *tool.exit_facts();
  }
  std::string output = read_file(request.log_path).value_or("");
  std::error_code ec;
  fs::remove(request.log_path, ec);
  if (output.size() > request.output_limit_bytes)
    output = output.substr(0, request.output_limit_bytes) + "\n[... truncated]";
  run.output = std::move(output);
  return run;
}

}  // namespace judge
