// A fixture of the unity-names lint (tests/lint/CMakeLists.txt), never compiled: a file-local
// helper whose name clash_b.cpp also gives a file-local helper.
namespace aqlsim {
namespace {
int op(int kind) {
  return kind;
}
}  // namespace
}  // namespace aqlsim
