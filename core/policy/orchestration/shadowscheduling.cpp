// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/orchestration/shadowscheduling.h"

#include <glpk.h>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {
/** GLPK keeps its environment per thread at best; runs of a comparison solve in turn. */
std::mutex gGlpkMutex;

constexpr double kKeepBonus = 1e-3;

struct ProblemDeleter
{
    void operator()(glp_prob *p) const { glp_delete_prob(p); }
};

/** GLPK keeps an environment per thread until it is freed: left to every worker
 *  thread of a comparison, each would leak one. */
struct EnvironmentRelease
{
    ~EnvironmentRelease() { glp_free_env(); }
};
} // namespace

ShadowSchedule solveShadowScheduling(const ShadowProblem &pb)
{
    const int W = int(pb.services.size());
    const int N = int(pb.nodes.size());
    ShadowSchedule out;
    out.demand.assign(std::size_t(W) * N, 0.0);
    out.replicas.assign(std::size_t(W) * N, 0.0);
    if (W == 0 || N == 0)
        return out;
    const double u = pb.utilisation;

    std::lock_guard lock(gGlpkMutex);
    const EnvironmentRelease release; // after the problem is deleted
    glp_term_out(GLP_OFF);
    std::unique_ptr<glp_prob, ProblemDeleter> lp(glp_create_prob());
    glp_set_obj_dir(lp.get(), GLP_MAX);

    // Columns: y then x for each allowed (w, n).
    std::vector<int> yCol(std::size_t(W) * N, 0), xCol(std::size_t(W) * N, 0);
    for (int w = 0; w < W; ++w)
        for (int n = 0; n < N; ++n) {
            const std::size_t at = std::size_t(w) * N + n;
            if (!pb.allowed[at])
                continue;
            const int y = glp_add_cols(lp.get(), 2);
            yCol[at] = y;
            xCol[at] = y + 1;
            const bool kept = !pb.hosted.empty() && pb.hosted[at];
            glp_set_col_bnds(lp.get(), y, GLP_LO, 0.0, 0.0);
            if (pb.replicaBound.empty())
                glp_set_col_bnds(lp.get(), y + 1, GLP_LO, 0.0, 0.0);
            else if (pb.replicaBound[at] > 0)
                glp_set_col_bnds(lp.get(), y + 1, GLP_DB, 0.0, pb.replicaBound[at]);
            else
                glp_set_col_bnds(lp.get(), y + 1, GLP_FX, 0.0, 0.0);
            glp_set_obj_coef(lp.get(), y, 1.0 + (kept ? kKeepBonus : 0.0));
        }
    if (glp_get_num_cols(lp.get()) == 0)
        return out;

    std::vector<int> ia{0}, ja{0};
    std::vector<double> ar{0.0};
    auto row = [&](double upper) {
        const int r = glp_add_rows(lp.get(), 1);
        glp_set_row_bnds(lp.get(), r, GLP_UP, 0.0, upper);
        return r;
    };
    auto put = [&](int r, int col, double v) {
        ia.push_back(r);
        ja.push_back(col);
        ar.push_back(v);
    };
    for (int w = 0; w < W; ++w) {
        const ShadowProblem::Service &s = pb.services[w];
        const int demand = row(std::max(0.0, s.rate));
        const int bound = row(std::max(0, s.maxReplicas));
        for (int n = 0; n < N; ++n) {
            const std::size_t at = std::size_t(w) * N + n;
            if (!yCol[at])
                continue;
            put(demand, yCol[at], 1.0);
            put(bound, xCol[at], 1.0);
            const int replica = row(0.0);
            put(replica, yCol[at], s.work / pb.nodes[n].perf);
            put(replica, xCol[at], -u);
        }
    }
    for (int n = 0; n < N; ++n) {
        const ShadowProblem::Node &node = pb.nodes[n];
        // Capacities as fractions of the node keep the coefficients near 1.
        const int cores = row(u);
        const int cpu = row(1.0);
        const int memory = row(1.0);
        for (int w = 0; w < W; ++w) {
            const std::size_t at = std::size_t(w) * N + n;
            if (!yCol[at])
                continue;
            const ShadowProblem::Service &s = pb.services[w];
            put(cores, yCol[at], s.work / node.perf / node.cpu);
            put(cpu, xCol[at], s.cpu / node.cpu);
            put(memory, xCol[at], s.memory / node.memory);
        }
    }
    glp_load_matrix(lp.get(), int(ia.size()) - 1, ia.data(), ja.data(), ar.data());

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = GLP_ON;
    const int rc = glp_simplex(lp.get(), &parm);
    if (rc != 0 || glp_get_status(lp.get()) != GLP_OPT)
        throw std::runtime_error("gsp-ss: GLPK found no optimum of the shadow scheduling LP "
                                 "(glp_simplex returned " +
                                 std::to_string(rc) + ", status " +
                                 std::to_string(glp_get_status(lp.get())) + ")");
    for (std::size_t at = 0; at < yCol.size(); ++at) {
        if (!yCol[at])
            continue;
        out.demand[at] = std::max(0.0, glp_get_col_prim(lp.get(), yCol[at]));
        out.replicas[at] = std::max(0.0, glp_get_col_prim(lp.get(), xCol[at]));
        out.served += out.demand[at];
    }
    return out;
}

} // namespace schedlab
