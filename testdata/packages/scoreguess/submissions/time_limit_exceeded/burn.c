/* Burns CPU before its first guess. */
int main(void) {
    volatile unsigned long counter = 0;
    for (;;) counter = counter + 1;
}
