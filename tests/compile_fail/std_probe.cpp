// Compiled by tests/compile_fail/run.cmake to find the newest -std a compiler accepts.
int main() { return 0; }
