#pragma once
// The processes that share one `aqlsim compare`: the ranks of an MPI launch (`mpirun -n N`), or
// this process alone. Every rank makes the same calls in the same order (they are collective);
// rank 0 alone writes the outputs.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/failure.hpp"

namespace aqlsim::cli {

class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Every rank passes its failure, if any, with an order key (the run that failed); every rank
  // gets back the same one: the failure with the smallest key, of the lowest rank among equals.
  virtual std::optional<Failure> first_failure(const std::optional<Failure>& mine,
                                               std::uint64_t key) = 0;
  // Rank 0 gets every rank's text in rank order, its own first; the other ranks an empty list.
  virtual std::vector<std::string> gather(std::string mine) = 0;
};

// This process alone.
class OneProcess final : public Ranks {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::optional<Failure> first_failure(const std::optional<Failure>& mine, std::uint64_t) override {
    return mine;
  }
  std::vector<std::string> gather(std::string mine) override { return {std::move(mine)}; }
};

// Whether an MPI launcher started this process: mpirun and mpiexec (Open MPI, MPICH) and srun
// (PMI-2, PMIx) set one of OMPI_COMM_WORLD_SIZE, PMI_SIZE and PMIX_RANK.
bool launched_by_mpi();

// The ranks of this launch: MPI's when launched_by_mpi(), else OneProcess. Defined by
// ranks_mpi.cpp, or in a build without MPI by ranks_no_mpi.cpp, which throws InputError when
// the launcher started several processes (each would make every run and write every output).
std::unique_ptr<Ranks> join_ranks();

}  // namespace aqlsim::cli
