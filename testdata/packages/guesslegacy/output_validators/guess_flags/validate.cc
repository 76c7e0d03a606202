// Output validator of guesslegacy: the team guesses a secret 1..1000 and hears
// higher / lower / correct. Compiled together with flags.cc (the folder is one program).
#include <iostream>
#include <string>

#include "flags.h"
#include "validate.h"

int main(int argc, char** argv) {
    validation::Session session(argc, argv);
    const int max_guesses = parse_max_guesses(session);

    int secret = 0;
    int answer_secret = 0;
    if (!(session.input() >> secret) || secret < 1 || secret > 1000) {
        session.judge_error("the input file does not hold a secret in 1..1000");
    }
    if (!(session.answer() >> answer_secret) || answer_secret != secret) {
        session.judge_error("the answer file does not repeat the secret of the input file");
    }

    for (int guess_number = 1;; ++guess_number) {
        const auto token = validation::read_token(std::cin);
        if (!token) {
            session.reject("guess " + std::to_string(guess_number) +
                           ": the team's output ended before it found the secret");
        }
        const auto guess = validation::parse_int(*token);
        if (!guess) {
            session.reject("guess " + std::to_string(guess_number) + ": '" + token->substr(0, 40) +
                           "' is not an integer");
        }
        if (*guess < 1 || *guess > 1000) {
            session.reject("guess " + std::to_string(guess_number) + ": " + std::to_string(*guess) +
                           " is outside 1..1000");
        }
        if (guess_number > max_guesses) {
            session.reject("guess " + std::to_string(guess_number) + ": more than " +
                           std::to_string(max_guesses) + " guesses");
        }
        if (*guess == secret) {
            std::cout << "correct" << std::endl;
            session.message("found " + std::to_string(secret) + " with guess " +
                            std::to_string(guess_number));
            break;
        }
        std::cout << (*guess < secret ? "higher" : "lower") << std::endl;
    }

    if (const auto extra = validation::read_token(std::cin)) {
        session.reject("trailing output after the correct guess: '" + extra->substr(0, 40) + "'");
    }
    session.accept("accepted");
}
