# The GPU executors' toolchains (included from hip_backend/gpu/CMakeLists.txt). Each backend is
# AUTO (built when its toolchain is found), ON (configure fails without it) or OFF. Neither uses
# enable_language(HIP/CUDA) (CMake 3.25's HIP language fails on Debian's ROCm 5.2): the kernels
# are compiled by custom commands and the host code is plain C++ against the runtime's C API.
#
# aqlsim_gpu_backends(TARGET INSTALLED) adds to TARGET either each executor or its *_absent.cpp,
# and to INSTALLED (the exported library) always the *_absent.cpp files, and the AMD code objects
# when they are built (hip_backend/CMakeLists.txt says why).
set(AQLSIM_HIP AUTO CACHE STRING "Build the HIP executor and the AMD code objects (AUTO|ON|OFF)")
set_property(CACHE AQLSIM_HIP PROPERTY STRINGS AUTO ON OFF)
set(AQLSIM_CUDA AUTO CACHE STRING "Build the CUDA executor (AUTO|ON|OFF)")
set_property(CACHE AQLSIM_CUDA PROPERTY STRINGS AUTO ON OFF)
set(AQLSIM_HIP_ARCHS "gfx90a;gfx1030" CACHE STRING
    "AMD targets to compile the spin kernels for (one code object each)")
set(AQLSIM_CUDA_ARCHS "90" CACHE STRING
    "NVIDIA compute capabilities to compile the spin kernels for (SASS each, plus PTX of the last)")

foreach(option AQLSIM_HIP AQLSIM_CUDA)
  if(NOT ${option} MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "${option} is '${${option}}': expected AUTO, ON or OFF")
  endif()
endforeach()

set(aqlsim_kernel_source ${PROJECT_SOURCE_DIR}/hip_backend/kernels/spin_kernels.hip)
set(aqlsim_kernel_headers ${PROJECT_SOURCE_DIR}/hip_backend/kernels/gpu_compat.hpp
                          ${PROJECT_SOURCE_DIR}/hip_backend/kernels/spin_args.h)

# Sets `out` in the caller to those of the variables named after it that were not found.
function(aqlsim_missing out)
  set(missing "")
  foreach(var IN LISTS ARGN)
    if(NOT ${var})
      list(APPEND missing ${var})
    endif()
  endforeach()
  set(${out} "${missing}" PARENT_SCOPE)
endfunction()

# HIP: clang 15 (the compiler Debian's ROCm 5.2 device libraries match), the device libraries,
# and the runtime's header and library. Sets aqlsim_hip_missing to what was not found.
function(aqlsim_find_hip)
  find_program(AQLSIM_HIP_CLANG NAMES clang++-15 HINTS /usr/lib/llvm-15/bin /opt/rocm/llvm/bin
               DOC "clang++ that compiles HIP device code")
  find_path(AQLSIM_HIP_DEVICE_LIBS ockl.bc
            PATHS /usr/lib/x86_64-linux-gnu/amdgcn/bitcode /opt/rocm/amdgcn/bitcode
            DOC "ROCm device libraries (ockl.bc)")
  find_path(AQLSIM_HIP_INCLUDE hip/hip_runtime_api.h PATHS /opt/rocm/include)
  find_library(AQLSIM_AMDHIP64 amdhip64 PATHS /opt/rocm/lib)
  aqlsim_missing(missing AQLSIM_HIP_CLANG AQLSIM_HIP_DEVICE_LIBS AQLSIM_HIP_INCLUDE AQLSIM_AMDHIP64)
  set(aqlsim_hip_missing "${missing}" PARENT_SCOPE)
endfunction()

# CUDA: nvcc and the static runtime (so that linking needs no driver).
function(aqlsim_find_cuda)
  find_program(AQLSIM_NVCC nvcc HINTS /usr/local/cuda/bin DOC "nvcc")
  if(AQLSIM_NVCC)
    # nvcc may be a wrapper elsewhere on PATH: the toolkit is beside the real one, or in
    # /usr/local/cuda.
    get_filename_component(cuda_root "${AQLSIM_NVCC}" REALPATH)
    get_filename_component(cuda_root "${cuda_root}" DIRECTORY)
    get_filename_component(cuda_root "${cuda_root}" DIRECTORY)
    find_path(AQLSIM_CUDA_INCLUDE cuda_runtime_api.h HINTS ${cuda_root}/include
              PATHS /usr/local/cuda/include)
    find_library(AQLSIM_CUDART_STATIC cudart_static HINTS ${cuda_root}/lib64 ${cuda_root}/lib
                 PATHS /usr/local/cuda/lib64)
  endif()
  aqlsim_missing(missing AQLSIM_NVCC AQLSIM_CUDA_INCLUDE AQLSIM_CUDART_STATIC)
  set(aqlsim_cuda_missing "${missing}" PARENT_SCOPE)
endfunction()

# The executor's shared host code (gpu/stream_executor.cpp) compiled for one runtime, as an
# object library, with that runtime's headers as SYSTEM includes.
function(aqlsim_gpu_objects name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEFINITIONS;INCLUDES" ${ARGN})
  add_library(${name} OBJECT ${PROJECT_SOURCE_DIR}/hip_backend/gpu/stream_executor.cpp
                             ${PROJECT_SOURCE_DIR}/hip_backend/gpu/runtime_probe.cpp ${ARG_SOURCES})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  target_include_directories(${name} SYSTEM PRIVATE ${ARG_INCLUDES})
  target_compile_definitions(${name} PRIVATE ${ARG_DEFINITIONS})
  # The usage requirements of what the plan headers include (yaml-cpp, fmt, ...).
  target_link_libraries(${name} PRIVATE aqlsim_report Threads::Threads)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  aqlsim_warnings(${name})
endfunction()

function(aqlsim_add_hip target)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/code_objects)
  set(objects "")
  foreach(arch IN LISTS AQLSIM_HIP_ARCHS)
    set(co ${out}/spin_kernels.${arch}.co)
    add_custom_command(OUTPUT ${co}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out}
      COMMAND ${AQLSIM_HIP_CLANG} -x hip --cuda-device-only --no-gpu-bundle-output
              --offload-arch=${arch} --rocm-path=${AQLSIM_HIP_INCLUDE}/..
              --rocm-device-lib-path=${AQLSIM_HIP_DEVICE_LIBS} -O3 -std=c++20
              -I${PROJECT_SOURCE_DIR} -Wall -Wextra -Werror -c ${aqlsim_kernel_source} -o ${co}
      DEPENDS ${aqlsim_kernel_source} ${aqlsim_kernel_headers}
      COMMENT "Compiling the spin kernels for ${arch}"
      VERBATIM)
    list(APPEND objects ${co})
  endforeach()
  set(table ${CMAKE_CURRENT_BINARY_DIR}/code_objects_table.cpp)
  add_custom_command(OUTPUT ${table}
    COMMAND ${CMAKE_COMMAND} "-DARCHS=${AQLSIM_HIP_ARCHS}" -DDIR=${out} -DOUTPUT=${table}
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_code_objects.cmake
    DEPENDS ${objects} ${PROJECT_SOURCE_DIR}/cmake/embed_code_objects.cmake
    COMMENT "Embedding the AMD code objects"
    VERBATIM)
  # In an object library: the generated table must be compiled in the directory of its rule.
  # The code objects are data and need no HIP runtime, so the installed library has them too.
  add_library(aqlsim_hip_code_objects OBJECT code_objects_embedded.cpp ${table})
  target_include_directories(aqlsim_hip_code_objects PRIVATE ${PROJECT_SOURCE_DIR})
  aqlsim_warnings(aqlsim_hip_code_objects)
  aqlsim_gpu_objects(aqlsim_hip_runtime SOURCES hip_device.cpp
                     DEFINITIONS __HIP_PLATFORM_AMD__ AQLSIM_GPU_NS=hip_rt
                     INCLUDES ${AQLSIM_HIP_INCLUDE})
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:aqlsim_hip_runtime>
                                   $<TARGET_OBJECTS:aqlsim_hip_code_objects>)
  # By path, not an imported target (Debian's hip-config.cmake probes compilers and GPU
  # targets); `target` is not installed, so the path stays on this machine.
  target_link_libraries(${target} PRIVATE ${AQLSIM_AMDHIP64})
endfunction()

function(aqlsim_add_cuda target)
  set(object ${CMAKE_CURRENT_BINARY_DIR}/spin_kernels_cuda.o)
  set(gencode "")
  foreach(cc IN LISTS AQLSIM_CUDA_ARCHS)
    list(APPEND gencode -gencode arch=compute_${cc},code=sm_${cc})
  endforeach()
  list(GET AQLSIM_CUDA_ARCHS -1 newest)
  list(APPEND gencode -gencode arch=compute_${newest},code=compute_${newest})
  add_custom_command(OUTPUT ${object}
    COMMAND ${AQLSIM_NVCC} -x cu -std=c++20 -O3 ${gencode} -Xcompiler -fPIC
            -I${PROJECT_SOURCE_DIR} -c ${aqlsim_kernel_source} -o ${object}
    DEPENDS ${aqlsim_kernel_source} ${aqlsim_kernel_headers}
    COMMENT "Compiling the spin kernels with nvcc for sm_${AQLSIM_CUDA_ARCHS}"
    VERBATIM)
  aqlsim_gpu_objects(aqlsim_cuda_runtime SOURCES cuda_device.cpp
                     DEFINITIONS AQLSIM_GPU_CUDA AQLSIM_GPU_NS=cuda_rt
                     INCLUDES ${AQLSIM_CUDA_INCLUDE})
  # The object's rule lives in this directory and `target` may be defined in another: a custom
  # target orders the build, and the object is marked generated where `target` sees it.
  add_custom_target(aqlsim_cuda_kernels DEPENDS ${object})
  add_dependencies(aqlsim_cuda_runtime aqlsim_cuda_kernels)
  get_target_property(target_dir ${target} SOURCE_DIR)
  set_source_files_properties(${object} DIRECTORY ${target_dir}
                              PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:aqlsim_cuda_runtime> ${object})
  # The static runtime loads the driver (libcuda) at run time: linking needs no driver. By path:
  # `target` is not installed.
  target_link_libraries(${target} PRIVATE ${AQLSIM_CUDART_STATIC} ${CMAKE_DL_LIBS} rt
                                          Threads::Threads)
endfunction()

# `option` is AQLSIM_HIP or AQLSIM_CUDA; `missing` what its finder did not find. Returns in
# `build` whether to build it, failing configure when ON and something is missing.
function(aqlsim_gpu_decide option missing hint build)
  set(result FALSE)
  if(${option} STREQUAL "OFF")
    set(what "off (${option}=OFF)")
  elseif(missing)
    if(${option} STREQUAL "ON")
      message(FATAL_ERROR "${option}=ON but not found: ${missing}. ${hint}")
    endif()
    set(what "not built, not found: ${missing} (${hint})")
  else()
    set(result TRUE)
    set(what "built")
  endif()
  set(${build} ${result} PARENT_SCOPE)
  set(aqlsim_gpu_status "${what}" PARENT_SCOPE)
endfunction()

function(aqlsim_gpu_backends target installed)
  target_sources(${installed} PRIVATE hip_absent.cpp cuda_absent.cpp)
  set(hip_missing "")
  if(NOT AQLSIM_HIP STREQUAL "OFF")
    aqlsim_find_hip()
    set(hip_missing "${aqlsim_hip_missing}")
  endif()
  aqlsim_gpu_decide(AQLSIM_HIP "${hip_missing}"
                    "scripts/setup.sh --hip installs hipcc and libamdhip64-dev" build_hip)
  if(build_hip)
    aqlsim_add_hip(${target})
    target_sources(${installed} PRIVATE $<TARGET_OBJECTS:aqlsim_hip_code_objects>)
    message(STATUS "HIP executor: built (${AQLSIM_HIP_CLANG}, code objects for ${AQLSIM_HIP_ARCHS})")
  else()
    target_sources(${target} PRIVATE hip_absent.cpp code_objects_none.cpp)
    target_sources(${installed} PRIVATE code_objects_none.cpp)
    message(STATUS "HIP executor: ${aqlsim_gpu_status}")
    aqlsim_not_built("HIP executor"
                     "${aqlsim_gpu_status}, so the tests of it and of its code objects skip")
  endif()

  set(cuda_missing "")
  if(NOT AQLSIM_CUDA STREQUAL "OFF")
    aqlsim_find_cuda()
    set(cuda_missing "${aqlsim_cuda_missing}")
  endif()
  aqlsim_gpu_decide(AQLSIM_CUDA "${cuda_missing}"
                    "install the CUDA toolkit (nvcc, libcudart_static) in /usr/local/cuda"
                    build_cuda)
  if(build_cuda)
    aqlsim_add_cuda(${target})
    message(STATUS "CUDA executor: built (${AQLSIM_NVCC}, sm_${AQLSIM_CUDA_ARCHS})")
  else()
    target_sources(${target} PRIVATE cuda_absent.cpp)
    message(STATUS "CUDA executor: ${aqlsim_gpu_status}")
    aqlsim_not_built("CUDA executor" "${aqlsim_gpu_status}, so the tests of its build skip")
  endif()
endfunction()
