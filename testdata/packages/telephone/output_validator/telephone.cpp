// Output validator of telephone: an interactive multi-pass problem (one C++ file).
//
//   telephone INPUT ANSWER FEEDBACK_DIR/
//
// Pass 1 (INPUT "start X"): send "encode X", read "word W", remember X in
//   FEEDBACK_DIR/telephone_state.txt, write nextpass.in "relay W", accept.
// Relay pass (INPUT "relay W"): send "relay W", read "word V" (next: decode V) or
//   "again V" (next: one more relay pass), write nextpass.in, accept.
// Decode pass (INPUT "decode V"): send "decode V", read X, compare with the state.
//
// X is kept only in the state file, never in nextpass.in: a judge that does not keep
// the feedback folder between passes makes this validator report a judge error.
// ANSWER holds X too, so a judge that swaps the answer file between passes is caught.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>

namespace {

constexpr int exit_accept = 42;
constexpr int exit_reject = 43;
constexpr int exit_judge_error = 1;

struct Files {
    std::filesystem::path feedback_dir;
    std::filesystem::path state() const { return feedback_dir / "telephone_state.txt"; }
    std::filesystem::path nextpass() const { return feedback_dir / "nextpass.in"; }
};

[[noreturn]] void finish(const Files& files, int code, const std::string& text) {
    std::ofstream(files.feedback_dir / "judgemessage.txt", std::ios::app) << text << '\n';
    std::cout.flush();
    std::exit(code);
}

std::string read_whole(const std::filesystem::path& path, bool* ok) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    *ok = static_cast<bool>(in);
    return text.str();
}

void write_file(const Files& files, const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    if (!out) finish(files, exit_judge_error, "cannot write " + path.string());
}

// The team's one answer line; a reject if its output ended first or if anything
// but end of file follows that line.
std::string read_team_line(const Files& files) {
    std::string line;
    if (!std::getline(std::cin, line)) finish(files, exit_reject, "the team's output ended before its answer");
    std::string extra;
    if (std::cin >> extra) finish(files, exit_reject, "trailing output after the answer line");
    return line;
}

bool is_word(const std::string& text) { return std::regex_match(text, std::regex("[a-z]{1,40}")); }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: telephone INPUT ANSWER FEEDBACK_DIR/\n";
        return exit_judge_error;
    }
    const Files files{argv[3]};
    if (argc > 4) finish(files, exit_judge_error, "unexpected validator arguments");
    if (std::filesystem::exists(files.nextpass())) {
        finish(files, exit_judge_error, "nextpass.in of the previous pass is still in the feedback folder");
    }
    bool input_ok = false;
    bool answer_ok = false;
    std::istringstream input(read_whole(argv[1], &input_ok));
    std::istringstream answer(read_whole(argv[2], &answer_ok));
    std::string command;
    std::string operand;
    long long answer_secret = -1;
    if (!input_ok || !answer_ok || !(input >> command >> operand) || !(answer >> answer_secret)) {
        finish(files, exit_judge_error, "cannot read the input or the answer file");
    }

    if (command == "start") {
        if (std::filesystem::exists(files.state())) {
            finish(files, exit_judge_error, "the feedback folder is not fresh: a state file exists in pass 1");
        }
        if (operand != std::to_string(answer_secret)) {
            finish(files, exit_judge_error, "the answer file does not repeat the input's number");
        }
        write_file(files, files.state(), "passes 1 secret " + operand + "\n");
        std::cout << "encode " << operand << std::endl;
        const std::string line = read_team_line(files);
        if (line.rfind("word ", 0) != 0 || !is_word(line.substr(5))) {
            finish(files, exit_reject, "pass 1: expected 'word W' with 1..40 lowercase letters");
        }
        write_file(files, files.nextpass(), "relay " + line.substr(5) + "\n");
        finish(files, exit_accept, "pass 1: encoded " + operand + " as " + line.substr(5));
    }

    bool state_ok = false;
    std::istringstream state(read_whole(files.state(), &state_ok));
    std::string passes_label;
    std::string secret_label;
    int passes = 0;
    long long secret = -1;
    if (!state_ok || !(state >> passes_label >> passes >> secret_label >> secret)) {
        finish(files, exit_judge_error,
               "no state file from the previous pass: the judge did not keep the feedback folder");
    }
    if (secret != answer_secret) finish(files, exit_judge_error, "the answer file changed between passes");
    const int pass = passes + 1;
    const std::string pass_name = "pass " + std::to_string(pass);
    write_file(files, files.state(), "passes " + std::to_string(pass) + " secret " + std::to_string(secret) + "\n");

    if (command == "relay" && is_word(operand)) {
        std::cout << "relay " << operand << std::endl;
        const std::string line = read_team_line(files);
        const bool word = line.rfind("word ", 0) == 0 && is_word(line.substr(5));
        const bool again = line.rfind("again ", 0) == 0 && is_word(line.substr(6));
        if (!word && !again) finish(files, exit_reject, pass_name + ": expected 'word V' or 'again V'");
        const std::string next = word ? "decode " + line.substr(5) : "relay " + line.substr(6);
        write_file(files, files.nextpass(), next + "\n");
        finish(files, exit_accept, pass_name + ": relayed, next input '" + next + "'");
    }
    if (command == "decode" && is_word(operand)) {
        std::cout << "decode " << operand << std::endl;
        const std::string line = read_team_line(files);
        if (line != std::to_string(secret)) {
            finish(files, exit_reject, pass_name + ": decoded '" + line.substr(0, 40) + "', expected " +
                                           std::to_string(secret));
        }
        finish(files, exit_accept, pass_name + ": decoded " + std::to_string(secret));
    }
    finish(files, exit_judge_error, "unknown input '" + command + " " + operand.substr(0, 40) + "'");
}
