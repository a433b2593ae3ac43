// A fixture of the unity-names lint (tests/lint/CMakeLists.txt), never compiled: `op` and
// `shared` clash with clash_a.cpp's; `distinct` and the member `op` clash with nothing.
namespace aqlsim {
namespace {
int op(int kind, int queue) {
  return kind + queue;
}
struct Holder {
  int op() const { return 0; }
};
static int distinct() {
  return 1;
}
long shared(long kind) {
  return kind;
}
}  // namespace
}  // namespace aqlsim
