// interactor.hpp — the library every interactor of this project is written with.
//
//   #include "interactor.hpp"
//   int main(int argc, char** argv) {
//     return interactor::run(argc, argv, [](interactor::Session& s) {
//       interactor::Line first = s.test().read_line("the secret");  // test file: errors are JE
//       const std::int64_t secret = first.read_int(1, 1000, "secret");
//       first.expect_end();
//       s.test().expect_eof();
//       s.set_query_limit(10);
//       for (;;) {
//         interactor::Line line = s.read_line("a guess");  // contestant: errors are PE
//         line.set_shape("'? x'");                         // for failure messages
//         line.expect("?");
//         const std::int64_t x = line.read_int(1, 1000, "x");
//         line.expect_end();
//         s.count_query();                                 // the 11th guess is QLE
//         if (x == secret) s.accept("found {} with {} guesses", secret, s.queries());
//         s.send(x < secret ? "higher" : "lower");         // + '\n', one write(2)
//       }
//     });
//   }
//
// run(argc, argv, body)     argv: TEST_INPUT ANSWER_FILE FEEDBACK_DIR/ [OPTIONS] (else exit 1;
//                           OPTIONS: run_options.hpp, given by `judge export`'s test_group.yaml).
//                           Ignores SIGPIPE. Writes FEEDBACK_DIR/judgemessage.txt and
//                           result.json atomically; exits 42 accept, 43 reject, 1 judge
//                           error. A body that returns without a verdict, or throws, is a
//                           judge error ("interactor ended without a verdict").
// Verdicts ([[noreturn]], fmt compile-time-checked format strings):
//   s.accept(fmt, args...)            exit 42, verdict AC
//   s.reject(Verdict, fmt, args...)   exit 43, Verdict::WA / PE / QLE
//   s.judge_error(fmt, args...)       exit 1: the test data or the interactor is broken
//   (they throw a Finish — not a std::exception — that run() catches)
// Contestant input (blame: contestant, every malformed line is PE):
//   s.read_line(what) -> Line         EOF => WA, contestant_eof, "your program's output
//                                     ended before <what>"; line over the maximum
//                                     (s.set_max_line_bytes, default 1 MiB) => PE at once.
// Test data (blame: judge, every error is JE):
//   s.test() / s.answer() -> TestFile& : read_line(what) -> Line, at_eof(), expect_eof()
// Line (strict: tokens separated by single spaces, decimal ints without '+' or leading
// zeros, messages quote the line, name the item, give its line number):
//   set_shape("'? i j'")  read_token(name)  expect("?")  read_int(min, max, name) -> int64
//   read_uint64(name)  at_end()  expect_end()  fail(detail) [[noreturn]]  text()  number()
// Output: s.send(line)               appends '\n', one write(2); EPIPE => WA, contestant_eof
// Queries: s.set_query_limit(L), s.count_query(), s.queries()  (both go to result.json)
// Facts:   s.set_fact("key", json)   extra keys of result.json
// Messages: quote(bytes) escapes and cuts untrusted text ('...' with \xHH for garbage).
// Transcript: automatic when JUDGE_TRANSCRIPT_FILE is set ("<" sent, ">" received),
//   capped at JUDGE_TRANSCRIPT_LIMIT_BYTES (default 1 MiB), written when run() ends.
#pragma once

#include "finish.hpp"
#include "line.hpp"
#include "run.hpp"
#include "session.hpp"
#include "test_file.hpp"
#include "text.hpp"
