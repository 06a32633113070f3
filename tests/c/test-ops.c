/* tests/c/test-ops.c -- the op registry (lib/base/ops.def -> dfg_ops) and class
 * and size inference (lib/core/ops.c) through dfg_op: broadcasting, Octave's
 * class rules, reductions, re-index ops, contractions, linear algebra,
 * GATHER/SCATTER header validation.  Expected classes and sizes are what
 * GNU Octave 7 gives for the same expression on plain arrays.  Every
 * failing dfg_op must leave dfg_live_count unchanged. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "../../lib/core/core.h"
#include "../../kernels/cpu/cpu.h"

/* ---- helpers: shapes as strings ("3x4x2"), classes as letters ------------ */

static dfg_dtype cls(char c)
{
    return c == 's' ? DFG_SINGLE : c == 'l' ? DFG_LOGICAL : DFG_DOUBLE;
}

static char cls_letter(dfg_dtype dt)
{
    return dt == DFG_SINGLE ? 's' : dt == DFG_LOGICAL ? 'l' : 'd';
}

static dfg_id mk(char c, const char * shape)
{
    int64_t d[DFG_MAX_DIMS];
    int nd = 0;
    for (const char * p = shape; *p; p += *p == 'x') {
        char * end;
        d[nd++] = strtoll(p, &end, 10);
        p = end;
    }
    dfg_id id = 0;
    if (dfg_input(cls(c), nd, d, "x", &id) != DFG_OK)
        fprintf(stderr, "mk(%s): %s\n", shape, dfg_last_error());
    return id;
}

/* "d3x4" for a node: class letter and shape. */
static const char * desc(dfg_id id)
{
    static char buf[512];
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    if (dfg_info(id, &dt, &nd, d) != DFG_OK)
        return "?";
    buf[0] = cls_letter(dt);
    dfg_shape_str(nd, d, buf + 1, sizeof buf - 1);
    return buf;
}

/* Applies op to n inputs; on success compares "class+shape" with want and
 * releases the result; on failure checks the status (want is then a
 * substring the message must contain, or NULL).  Checks for leaks. */
static void expect(int op, int n, const dfg_id * in, const dfg_attr * at,
                   dfg_status want_st, const char * want, int line)
{
    int64_t live = dfg_live_count();
    dfg_id y = 0;
    dfg_status st = dfg_op(op, n, in, at, &y);
    int ok = st == want_st;
    if (ok && st == DFG_OK) {
        ok = strcmp(desc(y), want) == 0;
        if (!ok)
            fprintf(stderr, "case %d: %s gives %s, want %s\n", line, dfg_op_name(op), desc(y), want);
        dfg_release(y);
    } else if (ok) {
        ok = y == 0 && (!want || strstr(dfg_last_error(), want));
        if (!ok)
            fprintf(stderr, "case %d: message '%s' lacks '%s'\n", line, dfg_last_error(), want);
    } else {
        fprintf(stderr, "case %d: %s: status %d, want %d (%s)\n", line, dfg_op_name(op),
                st, want_st, dfg_last_error());
        if (st == DFG_OK)
            dfg_release(y);
    }
    CHECK(ok);
    CHECK(dfg_live_count() == live);
}
#define EXPECT(op, n, in, at, st, want) expect(op, n, in, at, st, want, __LINE__)

static dfg_attr attr(int64_t i0, int64_t i1, int64_t i2, int64_t i3)
{
    dfg_attr a;
    memset(&a, 0, sizeof a);
    a.i[0] = i0; a.i[1] = i1; a.i[2] = i2; a.i[3] = i3;
    return a;
}

static void release_all(dfg_id * ids, int n)
{
    for (int k = 0; k < n; k++)
        CHECK(dfg_release(ids[k]) == DFG_OK);
}

/* ---- the registry ---------------------------------------------------------- */

static void test_registry(void)
{
    int names_ok = 1;
    for (int op = 0; op < DFG_OP_COUNT; op++)
        names_ok &= dfg_op_name(op) && dfg_op_name(op)[0] && strcmp(dfg_op_name(op), "?") != 0;
    CHECK(names_ok);
    CHECK(strcmp(dfg_op_name(-1), "?") == 0 && strcmp(dfg_op_name(DFG_OP_COUNT), "?") == 0);
    /* the generated table agrees with ops.def line by line */
    int table_ok = 1;
#define DFG_OP(NAME, oct, fam, ar, dtr, fl)                                        \
    table_ok &= strcmp(dfg_ops[DFG_OP_##NAME].name, oct) == 0 &&                   \
                strcmp(dfg_ops[DFG_OP_##NAME].ident, #NAME) == 0 &&               \
                dfg_ops[DFG_OP_##NAME].family == DFG_FAM_##fam &&                  \
                dfg_ops[DFG_OP_##NAME].arity == ar &&                              \
                dfg_ops[DFG_OP_##NAME].dtrule == DFG_DT_##dtr &&                   \
                dfg_ops[DFG_OP_##NAME].flags == (unsigned)(fl);
#include "../../lib/base/ops.def"
#undef DFG_OP
    CHECK(table_ok);
    CHECK(strcmp(dfg_op_name(DFG_OP_ADD), "plus") == 0);
    CHECK(strcmp(dfg_op_name(DFG_OP_GATHER), "subsref") == 0);
    /* element-wise ops are unary, binary or ternary, and only those */
    int fam_ok = 1;
    for (int op = 0; op < DFG_OP_COUNT; op++) {
        int f = dfg_ops[op].family;
        int ew = f == DFG_FAM_UNARY || f == DFG_FAM_BINARY || f == DFG_FAM_TERNARY;
        fam_ok &= !!(dfg_ops[op].flags & DFG_F_ELEMWISE) == ew;
        fam_ok &= f == DFG_FAM_LEAF ? dfg_ops[op].arity == 0 : dfg_ops[op].arity != 0;
    }
    CHECK(fam_ok);
}

/* BROADCAST: singleton dimensions only, never fewer dimensions. */
static void test_broadcast_rules(void)
{
    int64_t live = dfg_live_count();
    dfg_id r = mk('d', "1x3"), y = 0;
    dfg_attr a = attr(2, 4, 3, 0);
    CHECK(dfg_op(DFG_OP_BROADCAST, 1, &r, &a, &y) == DFG_OK && strcmp(desc(y), "d4x3") == 0);
    dfg_release(y);
    a = attr(2, 4, 2, 0);
    CHECK(dfg_op(DFG_OP_BROADCAST, 1, &r, &a, &y) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "can't broadcast 1x3 to 4x2") != NULL);
    a = attr(0, 0, 0, 0);
    CHECK(dfg_op(DFG_OP_BROADCAST, 1, &r, &a, &y) == DFG_ERR_ARG);
    dfg_release(r);
    CHECK(dfg_live_count() == live);
}

/* Every non-leaf op can be built on ordinary inputs and reports its op. */
/* counter-based uniform numbers: in [0, 1), reproducible, a new draw for
 * another counter, seed or stream, single as double's top bits */
static void test_rand(void)
{
    enum { N = 100000 };
    double * a = malloc(N * sizeof *a), * b = malloc(N * sizeof *b);
    float * f = malloc(N * sizeof *f);
    CHECK(dfg_cpu_rand(DFG_DOUBLE, a, N, 7, 0, 3) == DFG_OK);
    CHECK(dfg_cpu_rand(DFG_DOUBLE, b, N, 7, 0, 3) == DFG_OK && !memcmp(a, b, N * sizeof *a));
    double sum = 0, sq = 0, lo = 1, hi = 0;
    int bins[10] = {0};
    for (int i = 0; i < N; i++) {
        sum += a[i]; sq += a[i] * a[i];
        lo = a[i] < lo ? a[i] : lo; hi = a[i] > hi ? a[i] : hi;
        bins[(int)(a[i] * 10)]++;
    }
    CHECK(lo >= 0 && hi < 1);
    CHECK(fabs(sum / N - 0.5) < 0.005 && fabs(sq / N - 1.0 / 3) < 0.005);
    int ok = 1;
    for (int k = 0; k < 10; k++)              /* about 10000 each: 5 sigma is 475 */
        ok &= abs(bins[k] - N / 10) < 475;
    CHECK(ok);
    int same = 0;
    CHECK(dfg_cpu_rand(DFG_DOUBLE, b, N, 7, 0, 4) == DFG_OK);
    for (int i = 0; i < N; i++) same += a[i] == b[i];
    CHECK(same < 3);
    same = 0;
    CHECK(dfg_cpu_rand(DFG_DOUBLE, b, N, 8, 0, 3) == DFG_OK);
    for (int i = 0; i < N; i++) same += a[i] == b[i];
    CHECK(same < 3);
    same = 0;
    CHECK(dfg_cpu_rand(DFG_DOUBLE, b, N, 7, 1, 3) == DFG_OK);
    for (int i = 0; i < N; i++) same += a[i] == b[i];
    CHECK(same < 3);
    /* neighbouring elements are not correlated */
    double c = 0;
    for (int i = 0; i + 1 < N; i++) c += (a[i] - 0.5) * (a[i + 1] - 0.5);
    CHECK(fabs(c / (N - 1)) < 0.002);
    CHECK(dfg_cpu_rand(DFG_SINGLE, f, N, 7, 0, 3) == DFG_OK);
    ok = 1;
    for (int i = 0; i < N; i++)
        ok &= f[i] >= 0 && f[i] < 1 && fabs(f[i] - a[i]) < 1e-7;
    CHECK(ok);
    CHECK(dfg_cpu_rand(DFG_DOUBLE, a, 1, 7, 0, -1) == DFG_ERR_ARG);
    CHECK(dfg_cpu_rand(DFG_DOUBLE, a, 1, 7, 0, 0.5) == DFG_ERR_ARG);
    CHECK(dfg_cpu_rand(DFG_LOGICAL, a, 1, 7, 0, 0) == DFG_ERR_DTYPE);
    free(a); free(b); free(f);
}

static void test_every_op_builds(void)
{
    int64_t live = dfg_live_count();
    dfg_id m = mk('d', "3x3"), mask = mk('l', "3x3");
    static const int64_t ghdr[] = {2, 3, 3, 1, 1, 2, 1, 1, 2, 0};  /* x(3, 1) */
    static const int64_t shdr[] = {2, 3, 3, 1, 1, 2, 3, 3, 2, 0};  /* x(3, 1) = s */
    for (int op = 0; op < DFG_OP_COUNT; op++) {
        int f = dfg_ops[op].family;
        if (f == DFG_FAM_LEAF)
            continue;
        dfg_attr a = attr(0, 0, 0, 0);
        dfg_id in[4] = {m, m, m, m};
        int n = dfg_ops[op].arity < 0 ? 2 : dfg_ops[op].arity;
        const char * want = NULL;
        switch (f) {
        case DFG_FAM_TERNARY: in[0] = mask; break;
        case DFG_FAM_RESHAPE: a = attr(2, 9, 1, 0); want = "d9x1"; break;
        case DFG_FAM_PERMUTE: a = attr(2, 1, 0, 0); break;
        case DFG_FAM_GATHER:  a.idx = ghdr; a.nidx = 10; want = "d1x1"; break;
        case DFG_FAM_SCATTER: a.idx = shdr; a.nidx = 10; in[1] = mk('d', "1x1"); want = "d3x3"; break;
        case DFG_FAM_CAT:     want = "d6x3"; break;
        case DFG_FAM_PART:    a = attr(0, 2, 3, 1); want = "d3x1"; break;
        case DFG_FAM_BROADCAST: a = attr(3, 3, 3, 2); want = "d3x3x2"; break;
        case DFG_FAM_REDUCE:  want = op == DFG_OP_ANY || op == DFG_OP_ALL ? "l1x3" : "d1x3"; break;
        case DFG_FAM_RAND:    a = attr(2, 2, 3, 0); in[0] = mk('d', "1x1"); want = "d2x3"; break;
        case DFG_FAM_SIGNAL:  /* conv: a 5-row window; conv2: 5 x 5; filter: zero state */
            a = attr(0, 0, 5, 0);
            a.i[4] = 5;
            if (op == DFG_OP_FILTER)
                in[3] = mk('d', "0x0");
            want = op == DFG_OP_CONV ? "d5x3" : op == DFG_OP_CONV2 ? "d5x5" : "d3x3";
            break;
        default: break;
        }
        if (op == DFG_OP_CAST) a = attr(DFG_SINGLE, 0, 0, 0);
        if (op == DFG_OP_FRECHET) a = attr(DFG_OP_EXPM, 0, 0, 0);   /* which function */
        dfg_id y = 0;
        int opk = -1, nk = -1;
        if (f == DFG_FAM_FUSED || f == DFG_FAM_CTRL) {  /* made by passes / dfg_ctrl only */
            CHECK(dfg_op(op, n, in, &a, &y) == DFG_ERR_ARG);
            continue;
        }
        dfg_status st = dfg_op(op, n, in, &a, &y);
        CHECK(st == DFG_OK && dfg_node_op(y, &opk, &nk) == DFG_OK && opk == op && nk == n);
        if (st)
            fprintf(stderr, "op %s: %s\n", dfg_ops[op].ident, dfg_last_error());
        if (want)
            CHECK(strcmp(desc(y), want) == 0);
        if (f == DFG_FAM_SCATTER)
            dfg_release(in[1]);
        if (f == DFG_FAM_RAND)
            dfg_release(in[0]);
        if (op == DFG_OP_FILTER)
            dfg_release(in[3]);
        dfg_release(y);
    }
    dfg_id all[] = {m, mask};
    release_all(all, 2);
    CHECK(dfg_live_count() == live);
}

/* ---- broadcasting and classes ---------------------------------------------- */

static const struct bin_case {
    int op; char ca; const char * sa; char cb; const char * sb;
    dfg_status st; const char * want;
} bin_cases[] = {
    /* sizes */
    {DFG_OP_ADD, 'd', "3x1", 'd', "1x4", DFG_OK, "d3x4"},
    {DFG_OP_ADD, 'd', "1x4", 'd', "3x1", DFG_OK, "d3x4"},
    {DFG_OP_SUB, 'd', "3x4", 'd', "1x1", DFG_OK, "d3x4"},
    {DFG_OP_ADD, 'd', "0x3", 'd', "1x3", DFG_OK, "d0x3"},
    {DFG_OP_ADD, 'd', "0x3", 'd', "1x1", DFG_OK, "d0x3"},
    {DFG_OP_ADD, 'd', "1x0", 'd', "3x1", DFG_OK, "d3x0"},
    {DFG_OP_MUL, 'd', "3x1x2", 'd', "1x4", DFG_OK, "d3x4x2"},
    {DFG_OP_MUL, 'd', "2x3x4", 'd', "2x1x4", DFG_OK, "d2x3x4"},
    {DFG_OP_MUL, 'd', "1x1x5", 'd', "3x1", DFG_OK, "d3x1x5"},
    {DFG_OP_MUL, 'd', "2x1x1x3", 'd', "1x4x5", DFG_OK, "d2x4x5x3"},
    {DFG_OP_ADD, 'd', "2x3x1x1", 'd', "2x3", DFG_OK, "d2x3"},
    {DFG_OP_ADD, 'd', "3x4", 'd', "5x4", DFG_ERR_SHAPE, "3x4"},
    {DFG_OP_ADD, 'd', "3x4", 'd', "5x4", DFG_ERR_SHAPE, "5x4"},
    {DFG_OP_ADD, 'd', "0x3", 'd', "2x3", DFG_ERR_SHAPE, "nonconformant"},
    {DFG_OP_ADD, 'd', "2x3x4", 'd', "2x3x5", DFG_ERR_SHAPE, "2x3x5"},
    {DFG_OP_LT, 'd', "3x1", 's', "3x2", DFG_OK, "l3x2"},
    {DFG_OP_LT, 'd', "3x1", 's', "2x2", DFG_ERR_SHAPE, "lt"},
    /* classes */
    {DFG_OP_ADD, 's', "2x2", 'd', "2x2", DFG_OK, "s2x2"},
    {DFG_OP_ADD, 'd', "1x1", 's', "2x2", DFG_OK, "s2x2"},
    {DFG_OP_ADD, 'l', "2x2", 'l', "2x2", DFG_OK, "d2x2"},
    {DFG_OP_MUL, 'l', "2x2", 's', "2x2", DFG_OK, "s2x2"},
    {DFG_OP_DIV, 'l', "2x2", 'd', "1x1", DFG_OK, "d2x2"},
    {DFG_OP_POW, 's', "1x1", 'l', "2x2", DFG_OK, "s2x2"},
    {DFG_OP_MOD, 'd', "2x2", 'd', "2x2", DFG_OK, "d2x2"},
    {DFG_OP_EQ, 'l', "2x2", 'l', "2x2", DFG_OK, "l2x2"},
    {DFG_OP_GE, 's', "2x2", 'd', "2x2", DFG_OK, "l2x2"},
    {DFG_OP_AND, 'd', "2x2", 'd', "2x2", DFG_OK, "l2x2"},
    {DFG_OP_XOR, 's', "2x2", 'l', "2x2", DFG_OK, "l2x2"},
    {DFG_OP_MAX2, 'l', "2x2", 'l', "2x2", DFG_OK, "l2x2"},
    {DFG_OP_MIN2, 'l', "2x2", 'l', "1x1", DFG_OK, "l2x2"},
    {DFG_OP_MAX2, 'l', "2x2", 'd', "2x2", DFG_OK, "d2x2"},
    {DFG_OP_MIN2, 's', "2x2", 'l', "2x2", DFG_OK, "s2x2"},
    {DFG_OP_MATMUL, 's', "2x3", 'd', "3x4", DFG_OK, "s2x4"},
    {DFG_OP_MATMUL, 'l', "2x3", 'l', "3x4", DFG_OK, "d2x4"},
};

static void test_binary(void)
{
    for (size_t k = 0; k < sizeof bin_cases / sizeof *bin_cases; k++) {
        const struct bin_case * c = &bin_cases[k];
        dfg_id in[2] = {mk(c->ca, c->sa), mk(c->cb, c->sb)};
        expect(c->op, 2, in, NULL, c->st, c->want, (int)k);
        release_all(in, 2);
    }
}

static const struct un_case {
    int op; char c; const char * shape; int64_t a0; dfg_status st; const char * want;
} un_cases[] = {
    {DFG_OP_EXP, 's', "2x3x4", 0, DFG_OK, "s2x3x4"},
    {DFG_OP_NEG, 'l', "2x3", 0, DFG_OK, "d2x3"},
    {DFG_OP_ABS, 'l', "0x3", 0, DFG_OK, "d0x3"},
    {DFG_OP_NOT, 'd', "2x3", 0, DFG_OK, "l2x3"},
    {DFG_OP_NOT, 'l', "2x3", 0, DFG_OK, "l2x3"},
    {DFG_OP_CAST, 'd', "2x3", DFG_SINGLE, DFG_OK, "s2x3"},
    {DFG_OP_CAST, 's', "2x3", DFG_LOGICAL, DFG_OK, "l2x3"},
    {DFG_OP_CAST, 'l', "2x3", DFG_DOUBLE, DFG_OK, "d2x3"},
    {DFG_OP_CAST, 'd', "2x3", DFG_DTYPE_COUNT, DFG_ERR_DTYPE, "class"},
    {DFG_OP_CAST, 'd', "2x3", -1, DFG_ERR_DTYPE, NULL},
    /* reductions: i[0] is the 0-based dimension */
    {DFG_OP_SUM, 'd', "3x4", 0, DFG_OK, "d1x4"},
    {DFG_OP_SUM, 'd', "3x4", 1, DFG_OK, "d3x1"},
    {DFG_OP_SUM, 'd', "3x4", 2, DFG_OK, "d3x4"},
    {DFG_OP_SUM, 'd', "3x4", 9, DFG_OK, "d3x4"},
    {DFG_OP_SUM, 'd', "2x3x4", 2, DFG_OK, "d2x3"},
    {DFG_OP_SUM, 'd', "2x3x4", 1, DFG_OK, "d2x1x4"},
    {DFG_OP_SUM, 'd', "3x4", -1, DFG_ERR_ARG, "DIM"},
    {DFG_OP_SUM, 'l', "3x4", 0, DFG_OK, "d1x4"},
    {DFG_OP_SUM, 's', "3x4", 0, DFG_OK, "s1x4"},
    {DFG_OP_PROD, 'l', "3x4", 1, DFG_OK, "d3x1"},
    {DFG_OP_SUM, 'd', "0x3", 0, DFG_OK, "d1x3"},
    {DFG_OP_SUM, 'd', "3x0", 1, DFG_OK, "d3x1"},
    {DFG_OP_MAX, 'd', "0x3", 0, DFG_OK, "d0x3"},    /* max(zeros(0,3)) is 0x3 */
    {DFG_OP_MIN, 's', "3x0", 1, DFG_OK, "s3x0"},    /* min(zeros(3,0),[],2) */
    {DFG_OP_ARGMAX, 's', "3x0", 1, DFG_OK, "d3x0"},
    {DFG_OP_MAX, 'd', "0x3", 1, DFG_OK, "d0x1"},
    {DFG_OP_MAX, 'l', "3x4", 0, DFG_OK, "l1x4"},
    {DFG_OP_ARGMIN, 'l', "3x4", 0, DFG_OK, "d1x4"},
    {DFG_OP_ANY, 'd', "3x4", 1, DFG_OK, "l3x1"},
    {DFG_OP_ALL, 's', "0x4", 0, DFG_OK, "l1x4"},
    {DFG_OP_CUMSUM, 'l', "3x4", 0, DFG_OK, "d3x4"},
    {DFG_OP_CUMPROD, 's', "3x4", 5, DFG_OK, "s3x4"},
    {DFG_OP_CUMSUM, 'd', "3x4", -2, DFG_ERR_ARG, "DIM"},
    /* linear algebra: square and 2-D checks */
    {DFG_OP_INV, 'd', "3x4", 0, DFG_ERR_SHAPE, "square"},
    {DFG_OP_INV, 'l', "3x3", 0, DFG_OK, "d3x3"},
    {DFG_OP_DET, 's', "3x3", 0, DFG_OK, "s1x1"},
    {DFG_OP_DET, 'd', "2x2x2", 0, DFG_ERR_SHAPE, "2-D"},
    {DFG_OP_CHOL, 'd', "4x3", 0, DFG_ERR_SHAPE, "4x3"},
    {DFG_OP_EIG_SYM, 'd', "3x3", 0, DFG_OK, "d3x1"},
    {DFG_OP_EIG_SYM, 'd', "3x3", 1, DFG_OK, "d12x1"},
    {DFG_OP_EIG_SYM, 'd', "2x3", 0, DFG_ERR_SHAPE, "square"},
    {DFG_OP_LU, 'd', "4x3", 0, DFG_OK, "d37x1"},          /* L 4x3, U 3x3, P 4x4 */
    {DFG_OP_QR, 'd', "4x3", 0, DFG_OK, "d28x1"},          /* Q 4x4, R 4x3 */
    {DFG_OP_QR, 'd', "4x3", 1, DFG_OK, "d21x1"},          /* Q 4x3, R 3x3 */
    {DFG_OP_SVD, 's', "4x3", 0, DFG_OK, "s3x1"},
    {DFG_OP_PINV, 'd', "4x3", 0, DFG_OK, "d3x4"},
    {DFG_OP_PINV, 'd', "4x3x2", 0, DFG_ERR_SHAPE, NULL},
};

static void test_unary_reduce_linalg(void)
{
    for (size_t k = 0; k < sizeof un_cases / sizeof *un_cases; k++) {
        const struct un_case * c = &un_cases[k];
        dfg_id x = mk(c->c, c->shape);
        dfg_attr a = attr(c->a0, 0, 0, 0);
        expect(c->op, 1, &x, &a, c->st, c->want, (int)k);
        release_all(&x, 1);
    }
}

/* ---- re-index ops ------------------------------------------------------------ */

static void test_reshape_permute(void)
{
    dfg_id x = mk('l', "3x4"), t = mk('s', "2x3x4");
    dfg_attr a;
    a = attr(2, 2, 6, 0);     EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_OK, "l2x6");
    a = attr(1, 12, 0, 0);    EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_OK, "l12x1");
    a = attr(3, 2, 3, 2);     EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_OK, "l2x3x2");
    a = attr(3, 2, 6, 1);     EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_OK, "l2x6");
    a = attr(2, 5, 2, 0);     EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_ERR_SHAPE, "can't reshape 3x4 array to 5x2");
    a = attr(2, -3, -4, 0);   EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_ERR_ARG, "non-negative");
    a = attr(0, 0, 0, 0);     EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_ERR_ARG, NULL);
    a = attr(DFG_MAX_DIMS + 1, 1, 1, 1); EXPECT(DFG_OP_RESHAPE, 1, &x, &a, DFG_ERR_ARG, NULL);
    a = attr(2, 1, 0, 0);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_OK, "l4x3");
    a = attr(2, 0, 1, 0);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_OK, "l3x4");
    a = attr(3, 2, 0, 1);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_OK, "l1x3x4");
    a = attr(3, 2, 0, 1);     EXPECT(DFG_OP_PERMUTE, 1, &t, &a, DFG_OK, "s4x2x3");
    a = attr(3, 0, 1, 2);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_OK, "l3x4");
    a = attr(2, 0, 0, 0);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_ERR_ARG, "permutation");
    a = attr(2, 0, 2, 0);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_ERR_ARG, "permutation");
    a = attr(2, -1, 0, 0);    EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_ERR_ARG, "permutation");
    a = attr(2, 1, 0, 0);     EXPECT(DFG_OP_PERMUTE, 1, &t, &a, DFG_ERR_ARG, "at least 3");
    a = attr(1, 0, 0, 0);     EXPECT(DFG_OP_PERMUTE, 1, &x, &a, DFG_ERR_ARG, NULL);
    /* part: offset + size within the packed input */
    a = attr(4, 2, 2, 4);     EXPECT(DFG_OP_PART, 1, &x, &a, DFG_OK, "l2x4");
    a = attr(5, 2, 2, 4);     EXPECT(DFG_OP_PART, 1, &x, &a, DFG_ERR_ARG, "outside");
    a = attr(-1, 2, 1, 1);    EXPECT(DFG_OP_PART, 1, &x, &a, DFG_ERR_ARG, "outside");
    a = attr(0, 0, 1, 1);     EXPECT(DFG_OP_PART, 1, &x, &a, DFG_ERR_ARG, "rank");
    dfg_id all[] = {x, t};
    release_all(all, 2);
}

static void test_cat(void)
{
    dfg_id a = mk('d', "2x3"), b = mk('d', "4x3"), c = mk('d', "2x5"), l = mk('l', "2x3");
    dfg_id s = mk('s', "2x3"), e = mk('d', "0x3"), t = mk('d', "2x3x2");
    dfg_attr at;
    dfg_id ab[2] = {a, b}, ac[2] = {a, c}, aa[2] = {a, a}, al[2] = {l, a}, ll[2] = {l, l};
    dfg_id sal[3] = {s, a, l}, ae[2] = {a, e}, at2[2] = {a, t};
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, ab, &at, DFG_OK, "d6x3");
    at = attr(1, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, ac, &at, DFG_OK, "d2x8");
    at = attr(2, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, aa, &at, DFG_OK, "d2x3x2");
    at = attr(2, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, at2, &at, DFG_OK, "d2x3x3");
    at = attr(5, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, aa, &at, DFG_OK, "d2x3x1x1x1x2");
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, ae, &at, DFG_OK, "d2x3");
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 1, &a, &at, DFG_OK, "d2x3");
    at = attr(1, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, ab, &at, DFG_ERR_SHAPE, "dimension mismatch");
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, ac, &at, DFG_ERR_SHAPE, "2x5");
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, at2, &at, DFG_ERR_SHAPE, "dimension 3");
    at = attr(-1, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, aa, &at, DFG_ERR_ARG, "DIM");
    at = attr(DFG_MAX_DIMS, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, aa, &at, DFG_ERR_ARG, NULL);
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 0, aa, &at, DFG_ERR_ARG, NULL);
    /* classes: Octave's [true, 1] is double, [single(1) 1 true] single */
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, al, &at, DFG_OK, "d4x3");
    at = attr(0, 0, 0, 0); EXPECT(DFG_OP_CAT, 2, ll, &at, DFG_OK, "l4x3");
    at = attr(1, 0, 0, 0); EXPECT(DFG_OP_CAT, 3, sal, &at, DFG_OK, "s2x9");
    /* more inputs than dfg_op's small buffer */
    dfg_id ten[10];
    for (int k = 0; k < 10; k++) ten[k] = k % 2 ? a : c;
    at = attr(1, 0, 0, 0); EXPECT(DFG_OP_CAT, 10, ten, &at, DFG_OK, "d2x40");
    ten[7] = b;
    EXPECT(DFG_OP_CAT, 10, ten, &at, DFG_ERR_SHAPE, "4x3");
    dfg_id all[] = {a, b, c, l, s, e, t};
    release_all(all, 7);
}

static void test_matmul_mldivide(void)
{
    dfg_id a = mk('d', "3x4"), b = mk('d', "4x5"), bt = mk('d', "5x4"), at4 = mk('d', "4x3");
    dfg_id e1 = mk('d', "3x0"), e2 = mk('d', "0x5"), t = mk('d', "3x4x2");
    dfg_id sq = mk('d', "3x3"), r4 = mk('d', "4x1"), tall = mk('d', "4x3"), rhs = mk('d', "4x2");
    dfg_attr n = attr(0, 0, 0, 0), ta = attr(1, 0, 0, 0), tb = attr(0, 1, 0, 0);
    dfg_id ab[2] = {a, b}, abt[2] = {a, bt}, atb[2] = {at4, b}, e[2] = {e1, e2};
    dfg_id tb2[2] = {t, b}, bt2[2] = {b, t}, sr[2] = {sq, r4}, tr[2] = {tall, rhs};
    EXPECT(DFG_OP_MATMUL, 2, ab, &n, DFG_OK, "d3x5");
    EXPECT(DFG_OP_MATMUL, 2, abt, &n, DFG_ERR_SHAPE, "3x4");
    EXPECT(DFG_OP_MATMUL, 2, abt, &tb, DFG_OK, "d3x5");
    EXPECT(DFG_OP_MATMUL, 2, atb, &ta, DFG_OK, "d3x5");
    EXPECT(DFG_OP_MATMUL, 2, atb, &n, DFG_ERR_SHAPE, "nonconformant");
    EXPECT(DFG_OP_MATMUL, 2, e, &n, DFG_OK, "d3x5");
    EXPECT(DFG_OP_MATMUL, 2, tb2, &n, DFG_ERR_SHAPE, "2-D");
    EXPECT(DFG_OP_MATMUL, 2, bt2, &n, DFG_ERR_SHAPE, "3x4x2");
    EXPECT(DFG_OP_MLDIVIDE, 2, sr, NULL, DFG_ERR_SHAPE, "4x1");
    EXPECT(DFG_OP_MLDIVIDE, 2, tr, NULL, DFG_OK, "d3x2");
    dfg_id all[] = {a, b, bt, at4, e1, e2, t, sq, r4, tall, rhs};
    release_all(all, 11);
}

static void test_merge(void)
{
    dfg_id m = mk('l', "3x1"), md = mk('d', "3x1"), a = mk('d', "1x4"), s = mk('s', "1x1");
    dfg_id l = mk('l', "3x4"), bad = mk('d', "2x4");
    dfg_id mas[3] = {m, a, s}, mll[3] = {m, l, l}, mla[3] = {m, l, a}, dad[3] = {md, a, a};
    dfg_id mab[3] = {m, a, bad};
    EXPECT(DFG_OP_MERGE, 3, mas, NULL, DFG_OK, "s3x4");
    EXPECT(DFG_OP_MERGE, 3, mll, NULL, DFG_OK, "l3x4");
    EXPECT(DFG_OP_MERGE, 3, mla, NULL, DFG_OK, "d3x4");
    EXPECT(DFG_OP_MERGE, 3, dad, NULL, DFG_ERR_DTYPE, "MASK must be logical");
    EXPECT(DFG_OP_MERGE, 3, mab, NULL, DFG_ERR_SHAPE, "2x4");
    EXPECT(DFG_OP_MERGE, 2, mab, NULL, DFG_ERR_ARG, NULL);
    dfg_id all[] = {m, md, a, s, l, bad};
    release_all(all, 6);
}

/* ---- GATHER / SCATTER headers ------------------------------------------------ */

/* Packs [k, view, counts, nd_out, dims_out, indices] (lib/base/ops.def). */
static int64_t hbuf[128];
static dfg_attr hdr(int k, const int64_t * view, const int64_t * cnt, int nd,
                    const int64_t * dout, const int64_t * ix, int nix)
{
    int at = 0;
    hbuf[at++] = k;
    for (int j = 0; j < k; j++) hbuf[at++] = view[j];
    for (int j = 0; j < k; j++) hbuf[at++] = cnt[j];
    hbuf[at++] = nd;
    for (int j = 0; j < nd; j++) hbuf[at++] = dout[j];
    for (int j = 0; j < nix; j++) hbuf[at++] = ix[j];
    dfg_attr a = attr(0, 0, 0, 0);
    a.idx = hbuf;
    a.nidx = at;
    return a;
}
#define V(...) ((const int64_t[]){__VA_ARGS__})

static void test_gather(void)
{
    dfg_id x = mk('s', "3x4"), t = mk('d', "2x3x4");
    dfg_attr a;
    /* x(2, [1 3 4]) */
    a = hdr(2, V(3, 4), V(1, 3), 2, V(1, 3), V(1, 0, 2, 3), 4);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_OK, "s1x3");
    /* x(:, 2): colon counts are -1 and store no list */
    a = hdr(2, V(3, 4), V(-1, 1), 2, V(3, 1), V(1), 1);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_OK, "s3x1");
    a = hdr(2, V(3, 4), V(-1, -1), 2, V(3, 4), V(0), 0);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_OK, "s3x4");
    /* x([1 12]) linear; t(:, :) folds the trailing dims */
    a = hdr(1, V(12), V(2), 2, V(1, 2), V(0, 11), 2);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_OK, "s1x2");
    a = hdr(2, V(2, 12), V(-1, 2), 2, V(2, 2), V(0, 11), 2);
    EXPECT(DFG_OP_GATHER, 1, &t, &a, DFG_OK, "d2x2");
    a = hdr(3, V(2, 3, 4), V(1, -1, 2), 3, V(1, 3, 2), V(1, 0, 3), 3);
    EXPECT(DFG_OP_GATHER, 1, &t, &a, DFG_OK, "d1x3x2");
    /* empty index: x([], 2) */
    a = hdr(2, V(3, 4), V(0, 1), 2, V(0, 1), V(1), 1);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_OK, "s0x1");
    /* out of bounds and negative indices */
    a = hdr(2, V(3, 4), V(1, 1), 2, V(1, 1), V(3, 0), 2);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_INDEX, "out of bound 3");
    a = hdr(2, V(3, 4), V(1, 1), 2, V(1, 1), V(0, 4), 2);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_INDEX, "dimension 2");
    a = hdr(1, V(12), V(1), 2, V(1, 1), V(12), 1);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_INDEX, "index (13)");
    a = hdr(1, V(12), V(1), 2, V(1, 1), V(-1), 1);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_INDEX, NULL);
    /* bad headers */
    a = hdr(2, V(3, 4), V(1, -2), 2, V(1, 1), V(0), 1);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, "header");
    a = hdr(2, V(3, 4), V(1, 1), 2, V(1, 1), V(0, 0, 0), 3);   /* an extra index */
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, "header");
    a = hdr(2, V(3, 4), V(1, 2), 2, V(1, 2), V(0, 0), 2);      /* one index short */
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, "header");
    a = hdr(2, V(3, 3), V(1, 1), 2, V(1, 1), V(0, 0), 2);      /* view is not x */
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, "view");
    a = hdr(2, V(3, 4), V(1, 3), 2, V(1, 2), V(1, 0, 2, 3), 4); /* dims_out numel */
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, "result size");
    a = hdr(0, V(0), V(0), 2, V(1, 1), V(0), 0);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, NULL);
    a = hdr(2, V(3, 4), V(1, 1), 0, V(0), V(0, 0), 2);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, NULL);
    a = hdr(2, V(3, 4), V(1, 1), 2, V(1, 1), V(0, 0), 2);
    a.nidx = 3;                                                /* truncated */
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, NULL);
    EXPECT(DFG_OP_GATHER, 1, &x, NULL, DFG_ERR_ARG, "missing index");
    /* counts whose sum wraps to the header length; a view whose product
     * wraps to the numel of an empty array (both read out of bounds) */
    a = hdr(3, V(2, 3, 2), V(INT64_MAX, INT64_MAX, 3), 2, V(1, 1), V(0), 1);
    EXPECT(DFG_OP_GATHER, 1, &x, &a, DFG_ERR_ARG, "header");
    dfg_id e = mk('d', "0x3");
    a = hdr(2, V(1ll << 62, 4), V(1, 1), 2, V(1, 1), V(5, 0), 2);
    EXPECT(DFG_OP_GATHER, 1, &e, &a, DFG_ERR_ARG, "header");
    a = hdr(2, V(0, 1ll << 62), V(0, -1), 2, V(0, 0), V(0), 0);   /* e(zeros(1,0), :) */
    EXPECT(DFG_OP_GATHER, 1, &e, &a, DFG_OK, "d0x0");
    dfg_id all[] = {x, t, e};
    release_all(all, 3);
}

static void test_scatter(void)
{
    dfg_id x = mk('d', "3x4"), s = mk('d', "1x1"), v3 = mk('d', "3x1"), v2 = mk('d', "1x2");
    dfg_id l = mk('l', "3x4"), fs = mk('s', "1x1"), ls = mk('l', "1x1"), row = mk('d', "1x3");
    dfg_id xs[2] = {x, s}, xv3[2] = {x, v3}, xv2[2] = {x, v2}, lf[2] = {l, fs}, ld[2] = {l, s};
    dfg_id xf[2] = {x, fs}, xl[2] = {x, ls}, rs[2] = {row, s};
    dfg_attr a;
    a = hdr(2, V(3, 4), V(1, 1), 2, V(3, 4), V(1, 2), 2);          /* x(2,3) = s */
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_OK, "d3x4");
    /* classes (Octave 7): true(3,4)(1) = single(5) -> double; = 5 -> logical */
    EXPECT(DFG_OP_SCATTER, 2, lf, &a, DFG_OK, "d3x4");
    EXPECT(DFG_OP_SCATTER, 2, ld, &a, DFG_OK, "l3x4");
    EXPECT(DFG_OP_SCATTER, 2, xf, &a, DFG_OK, "d3x4");
    EXPECT(DFG_OP_SCATTER, 2, xl, &a, DFG_OK, "d3x4");
    a = hdr(2, V(3, 4), V(-1, 1), 2, V(3, 4), V(1), 1);            /* x(:,2) = v3 */
    EXPECT(DFG_OP_SCATTER, 2, xv3, &a, DFG_OK, "d3x4");
    EXPECT(DFG_OP_SCATTER, 2, xv2, &a, DFG_ERR_SHAPE, "op1 has 3 elements");
    a = hdr(2, V(3, 4), V(1, 2), 2, V(5, 6), V(4, 0, 5), 3);       /* growth */
    EXPECT(DFG_OP_SCATTER, 2, xv2, &a, DFG_OK, "d5x6");
    a = hdr(2, V(3, 4), V(1, 1), 2, V(5, 6), V(5, 0), 2);          /* past dims_out */
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_ERR_INDEX, "out of bound");
    a = hdr(1, V(3), V(1), 2, V(1, 5), V(4), 1);                   /* row(5) = s */
    EXPECT(DFG_OP_SCATTER, 2, rs, &a, DFG_OK, "d1x5");
    a = hdr(1, V(3), V(1), 2, V(1, 5), V(5), 1);
    EXPECT(DFG_OP_SCATTER, 2, rs, &a, DFG_ERR_INDEX, "index (6)");
    a = hdr(2, V(3, 3), V(1, 1), 2, V(3, 4), V(0, 0), 2);          /* view is not x */
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_ERR_ARG, "view");
    a = hdr(2, V(4, 3), V(1, 1), 2, V(4, 3), V(3, 2), 2);          /* another view of x */
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_OK, "d4x3");
    a = hdr(2, V(3, 4), V(1, 1), 2, V(3, 4), V(0, 0, 0), 3);
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_ERR_ARG, "header");
    /* dims_out smaller than x: the result could not hold x */
    a = hdr(2, V(3, 4), V(1, 1), 2, V(2, 5), V(0, 0), 2);
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_ERR_ARG, NULL);
    a = hdr(1, V(12), V(1), 2, V(1, 5), V(0), 1);
    EXPECT(DFG_OP_SCATTER, 2, xs, &a, DFG_ERR_ARG, NULL);
    EXPECT(DFG_OP_SCATTER, 2, xs, NULL, DFG_ERR_ARG, "missing index");
    dfg_id all[] = {x, s, v3, v2, l, fs, ls, row};
    release_all(all, 8);
}

static void test_arity_and_handles(void)
{
    dfg_id x = mk('d', "2x2"), y = 0;
    dfg_id xx[3] = {x, x, x};
    EXPECT(DFG_OP_ADD, 1, xx, NULL, DFG_ERR_ARG, "expected 2 inputs");
    EXPECT(DFG_OP_ADD, 3, xx, NULL, DFG_ERR_ARG, "got 3");
    EXPECT(DFG_OP_EXP, 2, xx, NULL, DFG_ERR_ARG, NULL);
    EXPECT(DFG_OP_CONSTANT, 0, xx, NULL, DFG_ERR_ARG, "bad op code");
    EXPECT(-1, 1, xx, NULL, DFG_ERR_ARG, "bad op code");
    EXPECT(DFG_OP_COUNT, 1, xx, NULL, DFG_ERR_ARG, "bad op code");
    EXPECT(DFG_OP_NEG, -1, xx, NULL, DFG_ERR_ARG, NULL);
    dfg_id bad[2] = {x, x ^ (1ull << 40)};
    EXPECT(DFG_OP_ADD, 2, bad, NULL, DFG_ERR_HANDLE, "invalid");
    CHECK(y == 0);
    release_all(&x, 1);
}

int main(void)
{
    RUN(test_registry);
    RUN(test_every_op_builds);
    RUN(test_rand);
    RUN(test_broadcast_rules);
    RUN(test_binary);
    RUN(test_unary_reduce_linalg);
    RUN(test_reshape_permute);
    RUN(test_cat);
    RUN(test_matmul_mldivide);
    RUN(test_merge);
    RUN(test_gather);
    RUN(test_scatter);
    RUN(test_arity_and_handles);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
