/* Output validator of speakfirst: reads the team's output until end of file and
 * checks it is a permutation of 1..N whose neighbours differ by at least GAP.
 * It never writes to its standard output, so the submission must speak first.
 *
 *   validator INPUT ANSWER FEEDBACK_DIR/     (INPUT holds "N GAP")
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_ACCEPT = 42, EXIT_REJECT = 43, EXIT_JUDGE_ERROR = 1, MAX_N = 100, MAX_TOKEN = 32 };

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
    exit(code);
}

/* Reads the next whitespace-separated token of at most MAX_TOKEN characters into
 * token. Returns 0 at end of file, -1 for a longer token, 1 otherwise. */
static int read_token(char* token) {
    int c;
    do c = getchar(); while (c != EOF && isspace(c));
    if (c == EOF) return 0;
    int length = 0;
    while (c != EOF && !isspace(c)) {
        if (length == MAX_TOKEN) return -1;
        token[length++] = (char)c;
        c = getchar();
    }
    token[length] = '\0';
    return 1;
}

/* 1 and the value in *value when token is a decimal integer in 1..limit. */
static int parse_in_range(const char* token, int limit, int* value) {
    if (strlen(token) > 3 || token[0] == '\0') return 0;
    for (const char* p = token; *p; ++p) if (!isdigit((unsigned char)*p)) return 0;
    *value = atoi(token);
    return *value >= 1 && *value <= limit;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: validator INPUT ANSWER FEEDBACK_DIR/\n");
        return EXIT_JUDGE_ERROR;
    }
    const char* feedback_dir = argv[3];
    if (argc > 4) finish(feedback_dir, EXIT_JUDGE_ERROR, "unexpected validator arguments");
    FILE* input = fopen(argv[1], "r");
    FILE* answer = fopen(argv[2], "r");
    int n = 0;
    int gap = 0;
    if (!input || !answer || fscanf(input, "%d %d", &n, &gap) != 2 || n < 1 || n > MAX_N || gap < 1) {
        finish(feedback_dir, EXIT_JUDGE_ERROR, "cannot read 'N GAP' from the input file");
    }

    int seen[MAX_N + 1] = {0};
    int previous = 0;
    char token[MAX_TOKEN + 1];
    for (int i = 1; i <= n; ++i) {
        const int status = read_token(token);
        if (status == 0) finish(feedback_dir, EXIT_REJECT, "the team's output ended after %d numbers", i - 1);
        if (status < 0) finish(feedback_dir, EXIT_REJECT, "number %d: a token longer than %d characters", i, MAX_TOKEN);
        int value = 0;
        if (!parse_in_range(token, n, &value)) {
            finish(feedback_dir, EXIT_REJECT, "number %d: '%s' is not an integer in 1..%d", i, token, n);
        }
        if (seen[value]) finish(feedback_dir, EXIT_REJECT, "number %d: %d appears twice", i, value);
        seen[value] = 1;
        if (i > 1 && abs(value - previous) < gap) {
            finish(feedback_dir, EXIT_REJECT, "numbers %d and %d: %d and %d differ by less than %d",
                   i - 1, i, previous, value, gap);
        }
        previous = value;
    }
    const int status = read_token(token);
    if (status != 0) finish(feedback_dir, EXIT_REJECT, "trailing output after %d numbers", n);
    finish(feedback_dir, EXIT_ACCEPT, "a valid permutation of 1..%d", n);
    return EXIT_JUDGE_ERROR;
}
