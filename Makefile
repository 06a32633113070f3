# dfg -- build, test and install.
#
#   make            libdfg.a, the MEX gateway dfg_mex.mex (repo root), and the
#                   CUDA backend build/libdfg_cuda.so when nvcc is found
#   make CUDA=0     the same without the CUDA backend
#   make test       C unit tests + Octave suites; closing line "N passed, N failed"
#   make demo       the main job: a demo on real data (data/digits.csv)
#   make deps       install the Debian packages dfg needs (as root)
#   make bench      benchmarks (bench/), printing ratios against the anchors
#   make asan       the library and gateway built with AddressSanitizer
#                   (build-asan/), and the Octave suites run on them
#   make fuzz       the differential fuzzer (tests/fuzz): FUZZ_SECONDS (60),
#                   FUZZ_CASES (no limit), FUZZ_SEED (1), FUZZ_DEVICE (cpu;
#                   sim: every plan on the emulated device), FUZZ_HOST_OPS
#                   (with sim: odd, even or op names on the host); prints
#                   reproducers and a summary line, fails when it finds a
#                   difference
#   make dist       dfg-<version>.tar.gz, an Octave package that pkg install
#                   builds from source (tools/mkdist.sh, docs/packaging.md)
#   make pkg-check  make dist, then pkg install of it into a temporary prefix,
#                   pkg load, a smoke test and the installed in-file tests
#                   (tools/pkg-check.sh)
#   make clean
#
# After `make`, addpath (<repo root>) is all Octave needs.

CC       ?= gcc
MKOCT    ?= mkoctfile
OCTAVE   ?= octave
CFLAGS   ?= -O2 -g
CWARN     = -std=c11 -Wall -Wextra
KFLAGS    = -O3
# Threads (lib/base/threads.c): POSIX threads.
THREADFLAGS = -pthread
LIBS      = -lopenblas -lpthread -lmvec -lm -ldl
BUILD     = build

# The CUDA backend (kernels/cuda, docs/gpu.md): a shared library of its
# own, opened at run time (lib/runtime/device.c), so nothing else depends on CUDA.
# Built when nvcc is on the PATH or in /usr/local/cuda; CUDA=0 leaves it out.
NVCC     ?= $(shell command -v nvcc 2>/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
CUDA     ?= $(if $(NVCC),1,0)
CUDA_HOME = $(patsubst %/bin/nvcc,%,$(NVCC))
# A100 (sm_80), H100/H200 (sm_90) and PTX for newer GPUs
CUDA_ARCH ?= -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
             -gencode arch=compute_90,code=compute_90
CU_SRC    = $(wildcard kernels/cuda/*.cu)
CU_OBJ    = $(CU_SRC:%.cu=$(BUILD)/%.o)
CU_HDRS   = $(wildcard kernels/cuda/*.h) lib/dfg.h lib/base/ops.def kernels/cpu/cpu.h kernels/elem.h
ifeq ($(CUDA),1)
CUDA_LIB  = $(BUILD)/libdfg_cuda.so
endif

LIB_SRC   = $(wildcard lib/*/*.c)
KER_SRC   = $(wildcard kernels/cpu/*.c)
MEX_SRC   = $(wildcard mex/*.c)
HDRS      = $(wildcard lib/*.h lib/*/*.h lib/*/*.def kernels/*.h kernels/cpu/*.h kernels/cuda/*.h mex/*.h)
LIB_OBJ   = $(LIB_SRC:%.c=$(BUILD)/%.o) $(KER_SRC:%.c=$(BUILD)/%.o)
CTESTS    = $(patsubst tests/c/%.c,$(BUILD)/tests/%,$(wildcard tests/c/test-*.c))

.PHONY: all deps test test-c test-octave demo bench reference clean check-deps asan fuzz dist pkg-check

all: check-deps $(BUILD)/libdfg.a dfg_mex.mex +dfg/while.mex $(CUDA_LIB)

check-deps:
	@sh tools/deps.sh --check

deps:
	@sh tools/deps.sh

$(BUILD)/lib/%.o: lib/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(CFLAGS) $(THREADFLAGS) -fPIC -c $< -o $@

$(BUILD)/kernels/%.o: kernels/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(CFLAGS) $(KFLAGS) $(THREADFLAGS) -fPIC -c $< -o $@

$(BUILD)/kernels/cuda/%.o: kernels/cuda/%.cu $(CU_HDRS)
	@mkdir -p $(dir $@)
	$(NVCC) -std=c++17 -O3 -Xcompiler -fPIC,-Wall,-Wextra $(CUDA_ARCH) -c $< -o $@

$(BUILD)/libdfg_cuda.so: $(CU_OBJ)
	$(NVCC) -shared -o $@ $^ -L$(CUDA_HOME)/lib64 -lcusolver -lcublas -lcudart -Xlinker -rpath=$(CUDA_HOME)/lib64

$(BUILD)/libdfg.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

dfg_mex.mex: $(MEX_SRC) $(HDRS) $(BUILD)/libdfg.a
	CFLAGS="$(CWARN) $(CFLAGS) -fPIC" $(MKOCT) --mex $(MEX_SRC) $(BUILD)/libdfg.a $(LIBS) -o $@

# dfg.while: "while" is a keyword, so the function is a MEX file that
# forwards to dfg.internal.while_loop (mex/alias/while.c)
+dfg/while.mex: mex/alias/while.c
	CFLAGS="$(CWARN) $(CFLAGS) -fPIC" $(MKOCT) --mex $< -o $@

$(BUILD)/tests/%: tests/c/%.c $(wildcard tests/c/*.h) $(BUILD)/libdfg.a
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(CFLAGS) $(THREADFLAGS) -Ilib $< $(BUILD)/libdfg.a $(LIBS) -o $@

test: all $(CTESTS)
	@sh tools/run-tests.sh $(CTESTS)

# Octave runs from build/, with the repository root added to its path.
OCT_RUN = cd $(BUILD) && $(OCTAVE) --no-gui --no-window-system -q --eval \
          "addpath ('$(CURDIR)');

demo: all
	$(OCT_RUN) run ('$(CURDIR)/docs/examples/demo_digits.m')"

bench: all
	$(OCT_RUN) addpath ('$(CURDIR)/bench'); bench_all"

# The fuzzer runs with DFG_VMATH=0 so that exp, log, sin & co. compare
# bitwise too.  Each case is written to build/fuzz-last-case.m before it
# runs: after a crash that file is the reproducer.  FUZZ_DEVICE=sim runs
# every plan on the emulated device, FUZZ_HOST_OPS=odd (or even, or op
# names) with half the ops on the host: mixed graphs (docs/gpu.md).
FUZZ_SECONDS ?= 60
FUZZ_CASES   ?= Inf
FUZZ_SEED    ?= 1
FUZZ_DEVICE  ?= cpu
FUZZ_HOST_OPS ?=
fuzz: all
	@cd $(BUILD) && DFG_VMATH=0 DFG_DEVICE=$(FUZZ_DEVICE) DFG_SIM_HOST_OPS=$(FUZZ_HOST_OPS) $(OCTAVE) --no-gui --no-window-system -q --eval \
	  "addpath ('$(CURDIR)'); addpath ('$(CURDIR)/tests/fuzz'); \
	   r = dfg_fuzz ('seed', $(FUZZ_SEED), 'cases', $(FUZZ_CASES), 'seconds', $(FUZZ_SECONDS), \
	                 'lastcase', '$(CURDIR)/$(BUILD)/fuzz-last-case.m'); \
	   fflush (stdout); exit (numel (r.fails) > 0)"; \
	st=$$?; if [ $$st -gt 1 ]; then echo "fuzz: Octave died (status $$st) on this case:"; \
	  cat $(CURDIR)/$(BUILD)/fuzz-last-case.m; fi; exit $$st

# docs/reference: one page per public function from its texinfo help,
# doc-cache, what lookfor searches, and docs/coverage.md, the Octave
# functions that take tensors with the forms the suites test
# (tests/octave/test_reference.m, test_help.m and test_coverage.m check
# that all three are up to date)
reference:
	$(OCTAVE) --no-gui --no-window-system -q --eval "addpath ('$(CURDIR)/tools'); gen_reference ('$(CURDIR)'); gen_doc_cache ('$(CURDIR)'); gen_coverage ('$(CURDIR)', '$(CURDIR)/docs/coverage.md');"

# AddressSanitizer: the library and the gateway in build-asan/, the Octave
# suites run with the sanitizer preloaded into Octave (Octave itself is not
# instrumented; its own leaks at exit are not reported) and that gateway
# first on the path (DFG_MEX_DIR, read by tools/run_octave_tests.m);
# DFG_ASAN=1 skips the tests of resident memory (the sanitizer holds
# freed blocks in quarantine).
ASAN_FLAGS = -O1 -g -fsanitize=address -fno-omit-frame-pointer
ASAN_LIB   = $(shell $(CC) -print-file-name=libasan.so)
asan: all
	$(MAKE) --no-print-directory BUILD=build-asan CUDA=0 CFLAGS="$(ASAN_FLAGS)" KFLAGS= build-asan/libdfg.a
	CFLAGS="$(CWARN) $(ASAN_FLAGS) -fPIC" LDFLAGS="-fsanitize=address" $(MKOCT) --mex $(MEX_SRC) \
	    build-asan/libdfg.a $(LIBS) -o build-asan/dfg_mex.mex
	cd build-asan && DFG_ASAN=1 DFG_MEX_DIR=$(CURDIR)/build-asan LD_PRELOAD=$(ASAN_LIB) \
	    ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1:allocator_may_return_null=1 \
	    $(OCTAVE) --no-gui --no-window-system -q $(CURDIR)/tools/run_octave_tests.m

# The Octave package: its version is DESCRIPTION's.  The tarball's
# src/Makefile (tools/pkg-src.mk) builds with this Makefile.
VERSION = $(shell sed -n 's/^Version: *//p' DESCRIPTION)
dist:
	@sh tools/mkdist.sh

pkg-check: dist
	@sh tools/pkg-check.sh dfg-$(VERSION).tar.gz --tests

clean:
	rm -rf $(BUILD) build-asan dfg_mex.mex +dfg/while.mex *.o dfg-*.tar.gz
