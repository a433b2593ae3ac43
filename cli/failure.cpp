#include "cli/failure.hpp"

#include <new>
#include <system_error>

#include "cli/commands.hpp"
#include "config/input_error.hpp"
#include "hip_backend/executor.hpp"
#include "hip_backend/plan_deadlock.hpp"
#include "report/output_file.hpp"

namespace aqlsim::cli {

Failure describe_failure(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const InputError& e) {
    return {kExitBadInput, std::string("aqlsim: error: ") + e.what() + "\n"};
  } catch (const hip::BackendUnavailable& e) {
    std::string message =
        "aqlsim: error: the " + e.backend() + " backend cannot run here: " + e.reason_with_code();
    if (!e.hint().empty()) message += "\n  " + e.hint();
    return {kExitNoDevice, message + "\n"};
  } catch (const hip::ExecutorOptionError& e) {
    return {kExitBadInput, std::string("aqlsim: error: ") + e.what() + "\n"};
  } catch (const hip::PlanDeadlock& e) {
    return {kExitDeadlock, std::string("aqlsim: deadlock: ") + e.what() + "\n"};
  } catch (const OutputError& e) {
    return {kExitOutput, std::string("aqlsim: error: ") + e.what() + "\n"};
  } catch (const std::bad_alloc&) {
    // The machine's limit too: --max-memory checks resident memory, not an address-space or
    // cgroup limit that refuses an allocation first.
    return {kExitInternal,
            "aqlsim: error: out of memory: the system refused an allocation (a limit on the "
            "process's memory, or more than this machine has)\n"};
  } catch (const std::exception& e) {
    // std::thread's refusal is the machine's limit, not a fault of the program.
    const auto* system = dynamic_cast<const std::system_error*>(&e);
    if (system && system->code() == std::errc::resource_unavailable_try_again) {
      return {kExitInternal, std::string("aqlsim: error: the system would not start a thread (") +
                                 e.what() + "): a limit on processes, threads or memory\n"};
    }
    return {kExitInternal, std::string("aqlsim: internal error: ") + e.what() + "\n"};
  } catch (...) {
    return {kExitInternal, "aqlsim: internal error: an exception of unknown type\n"};
  }
}

}  // namespace aqlsim::cli
