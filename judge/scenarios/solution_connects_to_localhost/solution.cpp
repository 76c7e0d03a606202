// Tries TCP connections to 127.0.0.1 (and ::1) on common ports. Inside the box's
// network namespace there is no usable interface, so every attempt must fail with
// "network unreachable" (or not even get a socket). A connection, or "connection
// refused" (which means a host answered), makes the answer wrong (WA).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <initializer_list>

int main() {
  long long x;
  if (std::scanf("%lld", &x) != 1) return 1;
  int reached = 0;
  for (int port : {22, 80, 443, 5432, 6379, 8080, 1}) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) continue;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<unsigned short>(port));
    ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    const int result = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    if (result == 0 || errno == ECONNREFUSED || errno == ETIMEDOUT) {
      ++reached;
      std::fprintf(stderr, "port %d: reached (%s)\n", port, result == 0 ? "connected" : "refused");
    }
    ::close(fd);
  }
  std::printf("%lld\n", reached == 0 ? x + 1 : x + 2);
  std::fflush(stdout);
  return 0;
}
