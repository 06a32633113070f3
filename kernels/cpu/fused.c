/* kernels/cpu/fused.c -- the fused element-wise kernel: runs a program of
 * element-wise steps (lib/fused.h) over the domain in tiles of
 * DFG_FUSE_TILE elements.  Each step reads its operands' tiles and writes
 * its own; the tiles live in a scratch block of a few hundred KiB that stays
 * in cache, so the intermediates never travel to memory.  Outputs are
 * written tile by tile; reductions accumulate tile by tile, in index order.
 *
 * Each step calls the same kernel the unfused op runs (dfg_cpu_unary,
 * dfg_cpu_nary, dfg_cpu_psi) on a tile, and those kernels give every
 * element a result that depends on its operands alone, so a fused kernel's
 * results are bitwise those of the unfused ops.  Scalar operands stay
 * scalars (x .^ 2 takes the same path as unfused); operands broadcast by
 * a broadcast node are expanded per tile, as the node expanded them.
 */
#include <string.h>
#include "cpu.h"
#include "../../lib/fused.h"

static int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }

/* Expands the part [l0, l0 + len) of x (dims e, broadcast into d) into t. */
static void bcast_load(size_t es, void * t, const void * x, int nd, const int64_t * d,
                       const int64_t * e, int64_t l0, int64_t len)
{
    int64_t xn = 1;
    for (int j = 0; j < nd; j++)
        xn *= e[j];
    if (xn == 1) {                     /* a broadcast scalar: fill */
        if (es == 8) {
            double v, * o = t;
            memcpy(&v, x, 8);
            for (int64_t l = 0; l < len; l++) o[l] = v;
        } else if (es == 4) {
            float v, * o = t;
            memcpy(&v, x, 4);
            for (int64_t l = 0; l < len; l++) o[l] = v;
        } else
            memset(t, *(const unsigned char *)x, (size_t)len);
        return;
    }
    int64_t ctr[DFG_MAX_DIMS], str[DFG_MAX_DIMS], off = 0, s = 1, r = l0;
    for (int j = 0; j < nd; j++) {
        ctr[j] = r % d[j];
        r /= d[j];
        str[j] = e[j] == 1 ? 0 : s;
        s *= e[j];
        off += ctr[j] * str[j];
    }
    const char * src = x;
    char * dst = t;
    for (int64_t l = 0; l < len; l++) {
        memcpy(dst + (size_t)l * es, src + (size_t)off * es, es);
        for (int j = 0; j < nd; j++) {
            off += str[j];
            if (++ctr[j] < d[j])
                break;
            off -= str[j] * d[j];
            ctr[j] = 0;
        }
    }
}

/* out[o(l)] op= v[l] for the tile [l0, l0 + len): o drops dimension dim. */
#define ACC(T, OPR) do {                                                          \
        T * o = out; const T * v = val;                                           \
        if (pre == 1) {                                                           \
            int64_t l = 0;                                                        \
            while (l < len) {                                                     \
                int64_t run = imin(n - k, len - l);                               \
                T a = o[q];                                                       \
                for (int64_t t = 0; t < run; t++)                                 \
                    a = (T)(a OPR v[l + t]);                                      \
                o[q] = a;                                                         \
                l += run;                                                         \
                k += run;                                                         \
                if (k == n) { k = 0; q++; }                                       \
            }                                                                     \
        } else {                                                                  \
            for (int64_t l = 0; l < len; l++) {                                   \
                int64_t oi = i + pre * q;                                         \
                o[oi] = (T)(o[oi] OPR v[l]);                                      \
                if (++i == pre) { i = 0; if (++k == n) { k = 0; q++; } }          \
            }                                                                     \
        }                                                                         \
    } while (0)

static void accumulate(int red, int dt, void * out, const void * val, int64_t pre,
                       int64_t n, int64_t l0, int64_t len)
{
    int64_t i = l0 % pre, k = (l0 / pre) % n, q = l0 / pre / n;
    if (dt == DFG_DOUBLE) {
        if (red == DFG_OP_SUM) ACC(double, +); else ACC(double, *);
    } else {
        if (red == DFG_OP_SUM) ACC(float, +); else ACC(float, *);
    }
}

int dfg_cpu_fused(const int64_t * p, int n_in, const void * const * in,
                  const int * in_dt, const int64_t (*in_dims)[DFG_MAX_DIMS],
                  void * const * out)
{
    int64_t ni = FP_NI(p), no = FP_NO(p), nslot = FP_NSLOT(p);
    int nd = (int)FP_NDIM(p);
    const int64_t * dims = FP_DIMS(p);
    int64_t numel = dfg_shape_numel(nd, dims);
    if (numel == 0)
        return DFG_OK;
    int64_t tile = imin(DFG_FUSE_TILE, numel);
    int nb = 0;
    int32_t bslot[64];
    if (n_in > 64)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel with %d inputs", n_in);
    for (int k = 0; k < n_in; k++)
        bslot[k] = FP_X(p, k)[0] == FX_BCAST ? (int32_t)(nslot + nb++) : -1;
    char * scratch = dfg_malloc((size_t)(nslot + nb) * (size_t)tile * sizeof(double));
    if (!scratch)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory running a fused kernel");
#define SLOT(s) (scratch + (size_t)(s) * (size_t)tile * sizeof(double))

    /* reductions start from 0 (sum) or 1 (prod), as the unfused kernel */
    int64_t rpre[64], rn[64];
    for (int64_t j = 0; j < no; j++) {
        const int64_t * o = FP_O(p, j);
        if (o[1] < 0)
            continue;
        int d = (int)o[2];
        int64_t pre = 1;
        for (int t = 0; t < nd && t < d; t++)
            pre *= dims[t];
        rpre[j < 64 ? j : 63] = pre;
        rn[j < 64 ? j : 63] = d < nd ? dims[d] : 1;
        double v0 = o[1] == DFG_OP_SUM ? 0 : 1;
        for (int64_t t = 0; t < o[5]; t++) {
            if (o[3] == DFG_DOUBLE) ((double *)out[j])[t] = v0;
            else                    ((float *)out[j])[t] = (float)v0;
        }
    }
    if (no > 64) {
        dfg_free(scratch);
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel with %lld outputs", (long long)no);
    }

    dfg_status st = DFG_OK;
    for (int64_t l0 = 0; l0 < numel && !st; l0 += tile) {
        int64_t len = imin(tile, numel - l0);
        for (int k = 0; k < n_in; k++)
            if (bslot[k] >= 0)
                bcast_load(dfg_dtype_size(in_dt[k]), SLOT(bslot[k]), in[k], nd, dims,
                           in_dims[k], l0, len);
        for (int64_t i = 0; i < ni && !st; i++) {
            const int64_t * I = FP_I(p, i);
            int op = (int)I[0], dt = (int)I[1], na = (int)I[2];
            const void * arg[3];
            int adt[3];
            int64_t ind[3][DFG_MAX_DIMS], str[3];
            for (int a = 0; a < na; a++) {
                int64_t r = I[3 + a];
                ind[a][0] = len;
                str[a] = 1;
                if (r >= 0) {
                    const int64_t * J = FP_I(p, r);
                    adt[a] = (int)J[1];
                    arg[a] = J[7] >= 0 ? SLOT(J[7])
                           : (const char *)out[-J[7] - 1] + (size_t)l0 * dfg_dtype_size(adt[a]);
                } else {
                    int k = (int)(-r - 1);
                    adt[a] = in_dt[k];
                    int mode = (int)FP_X(p, k)[0];
                    if (mode == FX_FULL)
                        arg[a] = (const char *)in[k] + (size_t)l0 * dfg_dtype_size(adt[a]);
                    else if (mode == FX_SCALAR) {
                        arg[a] = in[k];
                        ind[a][0] = 1;
                        str[a] = 0;
                    } else
                        arg[a] = SLOT(bslot[k]);
                }
            }
            void * dst = I[7] >= 0 ? SLOT(I[7])
                       : (char *)out[-I[7] - 1] + (size_t)l0 * dfg_dtype_size(dt);
            switch (dfg_ops[op].family) {
            case DFG_FAM_UNARY:
                st = op == DFG_OP_PSI ? dfg_cpu_psi(dt, (int)I[6], dst, arg[0], len)
                                      : dfg_cpu_unary(op, adt[0], dt, dst, arg[0], len);
                break;
            case DFG_FAM_BINARY:
                st = dfg_cpu_binary(op, adt[1], dst, arg[0], str[0], arg[1], str[1], len);
                break;
            default:
                st = dfg_cpu_nary(op, na, adt, dt, dst, arg, 1, &len,
                                  (const int64_t (*)[DFG_MAX_DIMS])ind);
                break;
            }
        }
        for (int64_t j = 0; j < no && !st; j++) {
            const int64_t * o = FP_O(p, j);
            if (o[1] < 0)
                continue;
            const int64_t * J = FP_I(p, o[0]);
            const void * v = J[7] >= 0 ? SLOT(J[7])
                           : (const char *)out[-J[7] - 1] + (size_t)l0 * dfg_dtype_size((int)J[1]);
            accumulate((int)o[1], (int)o[3], out[j], v, rpre[j], rn[j], l0, len);
        }
    }
#undef SLOT
    dfg_free(scratch);
    return st;
}
