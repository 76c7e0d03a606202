// The interactor: reads the test (n and the secret), talks to the submission and
// gives the verdict. Library reference: the header comment of interactor.hpp.
#include <string>

#include "interactor.hpp"

int main(int argc, char** argv) {
  return interactor::run(argc, argv, [](interactor::Session& s) {
    interactor::Line first = s.test().read_line("n and the secret");  // test file: errors are JE
    const std::int64_t n = first.read_int(1, 1000000000, "n");
    const std::int64_t secret = first.read_int(1, n, "secret");
    first.expect_end();
    s.test().expect_eof();
    s.set_query_limit(30);  // ceil(log2(10^9)) questions suffice
    s.send(std::to_string(n));
    for (;;) {
      interactor::Line line = s.read_line("a question or the answer");  // contestant: errors are PE
      line.set_shape("'? x' or '! x'");
      const std::string kind(line.read_token("'?' or '!'"));
      if (kind != "?" && kind != "!") line.fail("expected '?' or '!'");
      const std::int64_t x = line.read_int(1, n, "x");
      line.expect_end();
      if (kind == "!") {
        if (x == secret) s.accept("found {} with {} questions", secret, s.queries());
        s.reject(interactor::Verdict::WA, "answered {} but the secret is {}", x, secret);
      }
      s.count_query();  // the 31st question is QLE
      s.send(secret <= x ? "yes" : "no");
    }
  });
}
