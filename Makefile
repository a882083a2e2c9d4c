# SchedLab: `make run` opens the workbench (or, without a display, runs the
# headless comparison); `make test` builds and runs every test. Both install
# missing Debian packages first.
BUILD     ?= build
JOBS      ?= $(shell nproc)
SCENARIO  ?= scenarios/tutorial.yaml
# The interpreter the build makes the Python module for (CMakeLists.txt: Debian's).
PYTHON    ?= /usr/bin/python3
DEPS      := cmake ninja-build g++ pkg-config qt6-base-dev qt6-svg-dev libqcustomplot-dev \
             libtorch-dev libopenblas0-pthread libyaml-cpp-dev libsqlite3-dev libcli11-dev \
             liblemon-dev libglpk-dev \
             nlohmann-json3-dev libboost-dev libbenchmark-dev xvfb xauth \
             fonts-urw-base35 fonts-lmodern \
             python3-dev pybind11-dev python3-numpy python3-pandas python3-pytest \
             python3-matplotlib python3-yaml
# The Slurm test (tests/cluster/slurm_sweep.sh) starts a cluster of this machine alone
# from these when the tests run as root, and skips without them; they install in
# seconds and the test takes about 12 s. Installing them starts no daemon without an
# init system; under systemd munged starts, slurmd and slurmctld not until an
# /etc/slurm/slurm.conf exists, and the test uses none of them.
SLURM_TEST_DEPS := slurmctld slurmd slurm-client munge
DEPS      += $(SLURM_TEST_DEPS)

# `make sanitize` builds the core, the programs and the non-GUI tests with AddressSanitizer
# and UndefinedBehaviorSanitizer into $(SANITIZE_BUILD) and runs the tests; `make fuzz`
# builds the fuzz targets with clang's libFuzzer into $(FUZZ_BUILD) and runs each for
# FUZZ_SECONDS. (libtorch's headers do not build with clang, so only the fuzz targets do.)
SANITIZE_BUILD ?= build-sanitize
FUZZ_BUILD     ?= build-fuzz
FUZZ_DEPS      := clang libclang-rt-14-dev
FUZZ_TARGETS   := fuzz_scenario fuzz_trace fuzz_checkpoint fuzz_store
FUZZ_SECONDS   ?= 60
SANITIZE_ENV   := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
                  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The sanitizer and fuzz trees: no GUI, no benchmarks, and flags of their own.
CHECK_TREE     := -DSCHEDLAB_BUILD_GUI=OFF -DSCHEDLAB_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=None

.PHONY: all deps configure build run test bench bench-kais package clean format sanitize fuzz-deps fuzz

all: build

deps:
	@missing=$$(for p in $(DEPS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "Missing Debian packages. Install them with:"; \
	    echo "  sudo apt-get install $(DEPS)"; exit 1; \
	  fi; \
	fi

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  $(BUILD)/app/schedlab $(SCENARIO); \
	else \
	  echo "No display: running the headless comparison on $(SCENARIO)"; \
	  $(BUILD)/app/schedlab-cli compare $(SCENARIO) \
	    --dispatch greedy,random,round-robin,kube-default --seeds 5 --jobs $(JOBS) \
	    --out results/tutorial --db results/experiments.db; \
	fi

# What each reading of KaiS's training does (README, "Learning schedulers"): the
# tutorial in about 3 minutes, the testbed in about an hour on 2 cores.
bench-kais: build
	$(PYTHON) bench/kais_readings.py scenarios/tutorial.yaml --agent cmmac --episodes 200 --build $(BUILD)
	$(PYTHON) bench/kais_readings.py scenarios/kais-testbed.yaml --agent kais --episodes 400 \
	  --baselines firmament,greedy,random --build $(BUILD)

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/bench/bench_engine scenarios/kais-large.yaml
	$(BUILD)/bench/bench_scale scenarios/scale-10k.yaml
	$(BUILD)/bench/bench_plain scenarios/kais-large.yaml
	$(BUILD)/bench/bench_plain scenarios/scale-10k.yaml --seconds 5
	$(BUILD)/bench/bench_policies --benchmark_min_time=0.2
	$(BUILD)/bench/bench_placement
	$(BUILD)/bench/bench_learn scenarios/kais-large.yaml
	$(BUILD)/bench/bench_train scenarios/tutorial.yaml scenarios/kais-testbed.yaml
	QT_QPA_PLATFORM=offscreen $(BUILD)/bench/bench_gui_frames scenarios/kais-large.yaml
	QT_QPA_PLATFORM=offscreen $(BUILD)/bench/bench_gui_frames scenarios/scale-10k.yaml
	$(BUILD)/bench/bench_env scenarios/kais-large.yaml scenarios/tutorial.yaml
	@if ls $(BUILD)/python/schedlab/_schedlab*.so >/dev/null 2>&1; then \
	  echo "bench/bench_python_env.py scenarios/kais-large.yaml"; \
	  PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$(BUILD)/python $(PYTHON) \
	    bench/bench_python_env.py scenarios/kais-large.yaml; \
	else \
	  echo "bench_python_env: skipped (the build has no Python module)"; \
	fi

$(SANITIZE_BUILD)/build.ninja:
	cmake -S . -B $(SANITIZE_BUILD) -G Ninja $(CHECK_TREE) -DCMAKE_CXX_FLAGS="-O1 -g1" \
	  -DSCHEDLAB_SANITIZE=ON

$(FUZZ_BUILD)/build.ninja:
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -G Ninja $(CHECK_TREE) \
	  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DSCHEDLAB_SANITIZE=ON -DSCHEDLAB_FUZZ=ON

# Every non-GUI test but experiment.reproduce (its 19 quick presets take 2 minutes
# plainly and over 10 under the sanitizers; the code they run is the other suites');
# a sanitizer report fails its test.
SANITIZE_CTEST_ARGS ?= -E '^experiment\.reproduce$$'
sanitize: deps $(SANITIZE_BUILD)/build.ninja
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS) $(SANITIZE_CTEST_ARGS)

fuzz-deps: deps
	@$(MAKE) --no-print-directory deps DEPS="$(FUZZ_DEPS)"

fuzz: fuzz-deps
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(FUZZ_TARGETS)
	$(SANITIZE_ENV) $(FUZZ_BUILD)/run-fuzzers.sh $(FUZZ_SECONDS)

# A Debian package of the programs, bundled scenarios, menu entry and user guide;
# CPack reads the libraries' package names with dpkg-shlibdeps and file.
package: build
	@$(MAKE) --no-print-directory deps DEPS="dpkg-dev file"
	cd $(BUILD) && cpack -G DEB

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
