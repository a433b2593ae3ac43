// join_ranks() with MPI: the ranks of MPI_COMM_WORLD. Only the main thread calls MPI (the
// simulation threads never do), so MPI_THREAD_FUNNELED is enough.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "cli/ranks.hpp"

namespace aqlsim::cli {
namespace {

constexpr std::uint64_t kNoFailure = UINT64_MAX;
// MPI counts are int: long texts go in pieces.
constexpr std::size_t kPiece = std::size_t{1} << 30;

class MpiRanks final : public Ranks {
 public:
  MpiRanks() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  MpiRanks(const MpiRanks&) = delete;
  MpiRanks& operator=(const MpiRanks&) = delete;
  ~MpiRanks() override { MPI_Finalize(); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::optional<Failure> first_failure(const std::optional<Failure>& mine,
                                       std::uint64_t key) override {
    wait_for_all();
    std::uint64_t my_key = mine ? std::min(key, kNoFailure - 1) : kNoFailure;
    std::vector<std::uint64_t> keys(static_cast<std::size_t>(size_));
    MPI_Allgather(&my_key, 1, MPI_UINT64_T, keys.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
    const auto first = std::min_element(keys.begin(), keys.end());
    if (*first == kNoFailure) return std::nullopt;
    const int root = static_cast<int>(first - keys.begin());
    Failure failure = rank_ == root ? *mine : Failure{};
    MPI_Bcast(&failure.status, 1, MPI_INT, root, MPI_COMM_WORLD);
    std::uint64_t length = failure.message.size();
    MPI_Bcast(&length, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
    failure.message.resize(length);
    MPI_Bcast(failure.message.data(), static_cast<int>(length), MPI_CHAR, root, MPI_COMM_WORLD);
    return failure;
  }

  std::vector<std::string> gather(std::string mine) override {
    if (rank_ != 0) {
      send(mine);
      return {};
    }
    std::vector<std::string> all{std::move(mine)};
    for (int from = 1; from < size_; ++from)
      all.push_back(receive(from));
    return all;
  }

 private:
  // Waits for every rank to come here without keeping a core busy: in a blocking collective a
  // rank that has finished its runs would poll at full speed (Open MPI busy-waits), taking a
  // core from the ranks still running. Sleeping 1 ms between tests costs nothing by comparison.
  static void wait_for_all() {
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    for (int done = 0; MPI_Test(&request, &done, MPI_STATUS_IGNORE), done == 0;)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }

  static void send(const std::string& text) {
    const std::uint64_t length = text.size();
    MPI_Send(&length, 1, MPI_UINT64_T, 0, 0, MPI_COMM_WORLD);
    for (std::size_t at = 0; at < text.size(); at += kPiece) {
      const int count = static_cast<int>(std::min(kPiece, text.size() - at));
      MPI_Send(text.data() + at, count, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
  }

  static std::string receive(int from) {
    std::uint64_t length = 0;
    MPI_Recv(&length, 1, MPI_UINT64_T, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::string text(length, '\0');
    for (std::size_t at = 0; at < text.size(); at += kPiece) {
      const int count = static_cast<int>(std::min(kPiece, text.size() - at));
      MPI_Recv(text.data() + at, count, MPI_CHAR, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return text;
  }

  int rank_ = 0;
  int size_ = 1;
};

}  // namespace

std::unique_ptr<Ranks> join_ranks() {
  if (!launched_by_mpi()) return std::make_unique<OneProcess>();
  return std::make_unique<MpiRanks>();
}

}  // namespace aqlsim::cli
