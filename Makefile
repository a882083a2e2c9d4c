# SchedLab: `make run` opens the workbench (or, without a display, runs the
# headless comparison); `make test` builds and runs every test. Both install
# missing Debian packages first.
BUILD     ?= build
JOBS      ?= $(shell nproc)
SCENARIO  ?= scenarios/tutorial.yaml
DEPS      := cmake ninja-build g++ pkg-config qt6-base-dev qt6-svg-dev libqcustomplot-dev \
             libtorch-dev libopenblas0-pthread libyaml-cpp-dev libsqlite3-dev libcli11-dev \
             liblemon-dev libglpk-dev \
             nlohmann-json3-dev libboost-dev libbenchmark-dev xvfb xauth

.PHONY: all deps configure build run test bench package clean format

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

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/bench/bench_engine scenarios/kais-large.yaml
	$(BUILD)/bench/bench_policies --benchmark_min_time=0.2
	$(BUILD)/bench/bench_learn scenarios/kais-large.yaml
	QT_QPA_PLATFORM=offscreen $(BUILD)/bench/bench_gui_frames scenarios/kais-large.yaml

# A Debian package of the programs, bundled scenarios, menu entry and user guide;
# CPack reads the libraries' package names with dpkg-shlibdeps and file.
package: build
	@$(MAKE) --no-print-directory deps DEPS="dpkg-dev file"
	cd $(BUILD) && cpack -G DEB

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
