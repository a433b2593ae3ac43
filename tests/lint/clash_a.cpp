// A fixture of the unity-names lint (tests/lint/CMakeLists.txt), never compiled: a file-local
// helper whose name clash_b.cpp also gives a file-local helper, and a function of the namespace
// whose name clash_b.cpp gives a file-local helper.
namespace aqlsim {
namespace {
int op(int kind) {
  return kind;
}
}  // namespace
int shared(int kind) {
  return kind;
}
}  // namespace aqlsim
