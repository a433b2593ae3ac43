#include "queue_sched/kernel_sm_centric.hpp"

#include <algorithm>

namespace aqlsim {
namespace {

double fastest(const std::vector<Tick>& runtimes) {
  return static_cast<double>(*std::min_element(runtimes.begin(), runtimes.end()));
}

std::vector<std::uint8_t> cu_range(std::uint32_t cus, std::uint32_t begin, std::uint32_t end) {
  std::vector<std::uint8_t> mask(cus, 0);
  std::fill(mask.begin() + begin, mask.begin() + end, 1);
  return mask;
}

}  // namespace

std::vector<ParamSpec> kernel_smc_params() {
  return {
      {"first_cus", 0, 0, 1 << 16, true,
       "CUs of the first co-runner (the rest go to the second); 0: chosen by the model"},
      {"first_workers", 0, 0, 64, true, "its workers per CU; 0: chosen by the model"},
      {"second_workers", 0, 0, 64, true, "the second's workers per CU; 0: chosen by the model"},
  };
}

KernelSmCentric::KernelSmCentric(const PolicyParams& params)
    : given_{static_cast<std::uint32_t>(params.get("first_cus")),
             static_cast<std::uint32_t>(params.get("first_workers")),
             static_cast<std::uint32_t>(params.get("second_workers"))} {}

void KernelSmCentric::on_worker_profiles(std::vector<WorkerProfile> profiles) {
  for (WorkerProfile& p : profiles)
    profiles_[{p.queue, p.packet_index}] = std::move(p.runtime_by_workers);
}

KernelSmCentric::Partition KernelSmCentric::predict(std::uint32_t cus, const Partition& fixed,
                                                    const std::vector<Tick>& first,
                                                    double first_left,
                                                    const std::vector<Tick>& second,
                                                    double second_left) {
  // A value of `fixed` is the only one tried; 0 tries them all. A worker count beyond the
  // profile is estimated as its largest (no more fit).
  const auto last = [](std::uint32_t given, std::size_t most) {
    return given != 0 ? given : static_cast<std::uint32_t>(most);
  };
  const auto time_with = [](const std::vector<Tick>& runtimes, std::uint32_t workers) {
    return static_cast<double>(runtimes[std::min<std::size_t>(workers, runtimes.size()) - 1]);
  };
  Partition best;
  double best_stp = -1;
  const double first_alone = fastest(first) * first_left;
  const double second_alone = fastest(second) * second_left;
  for (std::uint32_t s = std::max(1U, fixed.first_cus); s <= last(fixed.first_cus, cus - 1); ++s) {
    for (std::uint32_t w1 = std::max(1U, fixed.first_workers);
         w1 <= last(fixed.first_workers, first.size()); ++w1) {
      for (std::uint32_t w2 = std::max(1U, fixed.second_workers);
           w2 <= last(fixed.second_workers, second.size()); ++w2) {
        const double a = time_with(first, w1) * cus / s * first_left;
        const double b = time_with(second, w2) * cus / (cus - s) * second_left;
        // The one that ends first hands its CUs over; the other finishes its share left on all.
        const double a_end = a <= b ? a : b + (1 - b / a) * first_alone;
        const double b_end = b < a ? b : a + (1 - a / b) * second_alone;
        const double stp = first_alone / a_end + second_alone / b_end;
        if (stp > best_stp + 1e-12) {
          best_stp = stp;
          best = {s, w1, w2};
        }
      }
    }
  }
  return best;
}

const std::vector<Tick>& KernelSmCentric::profile(const KernelControl& control,
                                                  KernelId kernel) const {
  static const std::vector<Tick> none;
  const KernelState& k = control.kernel(kernel);
  const auto it = profiles_.find({k.queue, k.packet_index});
  return it == profiles_.end() ? none : it->second;
}

std::uint32_t KernelSmCentric::most_workers(const KernelControl& control, const Placed& p) const {
  const auto& runtimes = profile(control, p.kernel);
  if (!runtimes.empty()) return static_cast<std::uint32_t>(runtimes.size());
  return std::min(p.own_max_per_cu, control.kernel(p.kernel).occupancy.max_residency);
}

void KernelSmCentric::on_arrival(KernelControl& control, KernelId kernel) {
  if (running_.size() < 2) {
    running_.push_back(arrived(control, kernel));
    decide(control);
  } else {
    waiting_.push_back(kernel);
  }
}

void KernelSmCentric::on_completed(KernelControl& control, KernelId kernel) {
  std::erase_if(running_, [&](const Placed& p) { return p.kernel == kernel; });
  if (!waiting_.empty()) {
    running_.push_back(arrived(control, waiting_.front()));
    waiting_.erase(waiting_.begin());
  }
  decide(control);
}

void KernelSmCentric::place(KernelControl& control, Placed& p, std::vector<std::uint8_t> mask,
                            std::uint32_t workers) {
  if (!p.launched) {
    control.set_cu_mask(p.kernel, std::move(mask));
    control.set_workers_per_cu(p.kernel, workers);
    control.launch(p.kernel);
    p.launched = true;
    return;
  }
  control.move_to(p.kernel, std::move(mask));
  if (workers != control.workers_per_cu(p.kernel)) control.resize(p.kernel, workers);
}

void KernelSmCentric::decide(KernelControl& control) {
  const std::uint32_t cus = control.cu_count();
  const auto done = [&](const Placed& p) { return control.kernel(p.kernel).finished(); };
  if (running_.size() == 1 || cus < 2 || std::ranges::any_of(running_, done)) {
    for (Placed& p : running_) {
      if (!done(p)) place(control, p, {}, most_workers(control, p));
    }
    return;
  }
  if (running_.empty()) return;
  Placed& a = running_[0];
  Placed& b = running_[1];
  Partition part = given_;
  part.first_cus = std::min(part.first_cus, cus - 1);
  const auto& pa = profile(control, a.kernel);
  const auto& pb = profile(control, b.kernel);
  const bool to_choose = part.first_cus == 0 || part.first_workers == 0 || part.second_workers == 0;
  if (to_choose && !pa.empty() && !pb.empty()) {
    part = predict(cus, part, pa, control.kernel(a.kernel).left_share(), pb,
                   control.kernel(b.kernel).left_share());
  }
  if (part.first_cus == 0) part.first_cus = cus / 2;  // no profiles: halves
  if (part.first_workers == 0) part.first_workers = most_workers(control, a);
  if (part.second_workers == 0) part.second_workers = most_workers(control, b);
  place(control, a, cu_range(cus, 0, part.first_cus), part.first_workers);
  place(control, b, cu_range(cus, part.first_cus, cus), part.second_workers);
}

}  // namespace aqlsim
