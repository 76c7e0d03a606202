/* A C submission: pairsum has graders for C++ and Python only (its CE names them). */
int main(void) { return 0; }
