// The probe as an interactive submission (scripts/test_channels.py appends this to
// channels.hpp, after `#define PROBE_ROLE "send"`, "receive" or "any"). The
// interactor sends one line, "CHANNEL SECRET ROLE HOLD_MS WAIT_MS" (ROLE "any": the
// compiled role); a sender sets the channel, answers "sent" and stays HOLD_MS; a
// receiver looks for WAIT_MS and answers "got N" (-1: nothing).
int main() {
  char channel[64] = {};
  char role[16] = {};
  int secret = 0;
  int hold_ms = 0;
  int wait_ms = 0;
  if (std::scanf("%63s %d %15s %d %d", channel, &secret, role, &hold_ms, &wait_ms) != 5) return 1;
  const std::string acting = std::string(role) == "any" ? PROBE_ROLE : role;
  if (acting == "send") {
    probe::send(channel, secret);
    std::printf("sent\n");
    std::fflush(stdout);
    probe::sleep_ms(hold_ms);
  } else {
    std::printf("got %d\n", probe::receive(channel, wait_ms, secret));
    std::fflush(stdout);
  }
  return 0;
}
