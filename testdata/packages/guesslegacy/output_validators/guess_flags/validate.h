// validate.h: a small helper for ICPC/Kattis output validators.
//
// The whole API:
//   validation::Session session(argc, argv);  // VALIDATOR INPUT ANSWER FEEDBACK_DIR/ [ARGS...]
//   session.input()         the test's input file (.in), opened for reading
//   session.answer()        the test's answer file (.ans), opened for reading
//   session.args()          the arguments after FEEDBACK_DIR (validator_flags)
//   session.message(text)   append one line to FEEDBACK_DIR/judgemessage.txt
//   session.accept(text)    message, then exit 42 (accepted)
//   session.reject(text)    message, then exit 43 (wrong answer)
//   session.judge_error(text)  message, then exit 1: the test data, the flags or the
//                              judge itself is broken; never the team's fault
//   validation::read_token(std::cin)  the team's next whitespace-separated token, or
//                                     std::nullopt when its output has ended
//   validation::parse_int(token)      the token as an int, or std::nullopt if it is
//                                     anything else (garbage never throws)
//
// Every exit goes through one of the three verdict functions, so a validator built on
// this header never ends with exit code 0 by accident.
#pragma once

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace validation {

constexpr int exit_accept = 42;
constexpr int exit_reject = 43;
constexpr int exit_judge_error = 1;

class Session {
public:
    Session(int argc, char** argv) {
        if (argc < 4) {
            std::cerr << "usage: " << (argc > 0 ? argv[0] : "validator")
                      << " INPUT ANSWER FEEDBACK_DIR/ [ARGS...]\n";
            std::exit(exit_judge_error);
        }
        feedback_dir_ = argv[3];
        for (int i = 4; i < argc; ++i) args_.emplace_back(argv[i]);
        input_.open(argv[1]);
        if (!input_) judge_error(std::string("cannot open the input file ") + argv[1]);
        answer_.open(argv[2]);
        if (!answer_) judge_error(std::string("cannot open the answer file ") + argv[2]);
    }

    std::istream& input() { return input_; }
    std::istream& answer() { return answer_; }
    const std::vector<std::string>& args() const { return args_; }

    void message(std::string_view text) const {
        // Appended, not truncated: a judge may keep the folder across passes and
        // the spec asks validators to add to judgemessage.txt, never to replace it.
        std::ofstream out(feedback_dir_ + "/judgemessage.txt", std::ios::app);
        out << text << '\n';
    }

    [[noreturn]] void accept(std::string_view text) const { finish(text, exit_accept); }
    [[noreturn]] void reject(std::string_view text) const { finish(text, exit_reject); }
    [[noreturn]] void judge_error(std::string_view text) const {
        std::cerr << "judge error: " << text << '\n';
        finish(text, exit_judge_error);
    }

private:
    [[noreturn]] void finish(std::string_view text, int code) const {
        message(text);
        std::cout.flush();
        std::exit(code);
    }

    std::string feedback_dir_;
    std::vector<std::string> args_;
    std::ifstream input_;
    std::ifstream answer_;
};

inline std::optional<std::string> read_token(std::istream& in) {
    std::string token;
    if (!(in >> token)) return std::nullopt;
    return token;
}

inline std::optional<int> parse_int(std::string_view token) {
    int value = 0;
    const char* first = token.data();
    const char* last = token.data() + token.size();
    auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || end != last || token.empty()) return std::nullopt;
    return value;
}

}  // namespace validation
