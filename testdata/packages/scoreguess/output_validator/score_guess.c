/* Output validator of scoreguess (one C file): the guessing game, scored.
 *
 *   score_guess INPUT ANSWER FEEDBACK_DIR/ [max_points P]
 *
 * After "correct" it writes FEEDBACK_DIR/score.txt = P * min(1, 10 / guesses) when
 * max_points is given (secret tests), nothing otherwise (samples), and exits 42 at
 * once: it does not wait for the team's output to end.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_ACCEPT = 42, EXIT_REJECT = 43, EXIT_JUDGE_ERROR = 1, MAX_GUESSES = 100, LINE_BYTES = 64 };

static void finish(const char* feedback_dir, int code, const char* format, ...) {
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", feedback_dir);
    FILE* out = fopen(path, "a");
    if (out) {
        va_list args;
        va_start(args, format);
        vfprintf(out, format, args);
        va_end(args);
        fputc('\n', out);
        fclose(out);
    }
    fflush(stdout);
    exit(code);
}

/* Reads one line of the team; 0 at end of file, -1 if it is too long, else 1. */
static int read_line(char* line) {
    if (!fgets(line, LINE_BYTES, stdin)) return 0;
    size_t length = strlen(line);
    if (length == LINE_BYTES - 1 && line[length - 1] != '\n') return -1;
    while (length > 0 && isspace((unsigned char)line[length - 1])) line[--length] = '\0';
    return 1;
}

/* The guess in line if it is a plain integer 1..1000, else 0. */
static int parse_guess(const char* line) {
    size_t length = strlen(line);
    if (length == 0 || length > 4) return 0;
    for (size_t i = 0; i < length; ++i) if (!isdigit((unsigned char)line[i])) return 0;
    const int value = atoi(line);
    return value >= 1 && value <= 1000 ? value : 0;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: score_guess INPUT ANSWER FEEDBACK_DIR/ [max_points P]\n");
        return EXIT_JUDGE_ERROR;
    }
    const char* feedback_dir = argv[3];
    double max_points = -1.0;
    if (argc == 6 && strcmp(argv[4], "max_points") == 0) {
        char* end = NULL;
        max_points = strtod(argv[5], &end);
        if (*end != '\0' || !(max_points > 0.0)) finish(feedback_dir, EXIT_JUDGE_ERROR, "bad max_points");
    } else if (argc != 4) {
        finish(feedback_dir, EXIT_JUDGE_ERROR, "arguments must be nothing or 'max_points P'");
    }
    FILE* input = fopen(argv[1], "r");
    FILE* answer = fopen(argv[2], "r");
    int secret = 0;
    int answer_secret = 0;
    if (!input || !answer || fscanf(input, "%d", &secret) != 1 || fscanf(answer, "%d", &answer_secret) != 1 ||
        secret < 1 || secret > 1000 || secret != answer_secret) {
        finish(feedback_dir, EXIT_JUDGE_ERROR, "the input and answer files must both hold the secret 1..1000");
    }

    char line[LINE_BYTES];
    for (int guesses = 1; guesses <= MAX_GUESSES; ++guesses) {
        const int status = read_line(line);
        if (status == 0) finish(feedback_dir, EXIT_REJECT, "guess %d: the team's output ended", guesses);
        const int guess = status < 0 ? 0 : parse_guess(line);
        if (guess == 0) finish(feedback_dir, EXIT_REJECT, "guess %d: not an integer in 1..1000", guesses);
        if (guess == secret) {
            printf("correct\n");
            fflush(stdout);
            if (max_points > 0.0) {
                char path[4096];
                snprintf(path, sizeof path, "%s/score.txt", feedback_dir);
                FILE* score = fopen(path, "w");
                const double fraction = guesses <= 10 ? 1.0 : 10.0 / guesses;
                if (!score || fprintf(score, "%.6f\n", max_points * fraction) < 0 || fclose(score) != 0) {
                    finish(feedback_dir, EXIT_JUDGE_ERROR, "cannot write score.txt");
                }
            }
            finish(feedback_dir, EXIT_ACCEPT, "found %d in %d guesses", secret, guesses);
        }
        printf(guess < secret ? "higher\n" : "lower\n");
        fflush(stdout);
    }
    finish(feedback_dir, EXIT_REJECT, "more than %d guesses", MAX_GUESSES);
    return EXIT_JUDGE_ERROR;
}
