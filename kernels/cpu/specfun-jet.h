/* kernels/cpu/specfun-jet.h -- the algorithms of kernels/cpu/specfun-deriv.c
 * written once over a jet type: included there twice, with JET the type
 * and J(name) its functions' names (jet3: one parameter; jet6: both of
 * betainc's).  No include guard: that is its use.  The comments of each
 * step are in kernels/cpu/specfun.c (the values' code, Octave's order of
 * operations); here the steps carry derivatives and loop until those
 * converge too.  JET_GAMMAINC 1: gammainc's functions too (jet3 only). */

#if JET_GAMMAINC

/* gammainc.m's D (x, a) = exp (-x) x^a / Gamma (a + 1), x > 0 */
static JET J(gd_D)(double x, JET a)
{
    if (a.v > 10) {        /* Knusel's asymptotic log-gamma, as gammainc.m */
        JET a3 = J(jmul)(J(jmul)(a, a), a);
        JET lnGa = J(jscale)(J(jlog)(J(jscale)(a, 2 * JD_PI)), 0.5);
        lnGa = J(jadd)(lnGa, J(jrecip)(J(jscale)(a, 12)));
        lnGa = J(jsub)(lnGa, J(jrecip)(J(jscale)(a3, 360)));
        static const double num[8] = {1, 1, 1, 691, 1, 3617, 43867, 174611},
                            den[8] = {1260, 1680, 1188, 87360, 156, 122400, 244188, 125400};
        for (int k = 0; k < 8; k++) {
            JET t = J(jscale)(J(jrecip)(J(jpowi)(a, 5 + 2 * k)), num[k] / den[k]);
            lnGa = k % 2 ? J(jsub)(lnGa, t) : J(jadd)(lnGa, t);
        }
        /* a >= x: log1p ((a - x) / x), else -log1p ((x - a) / a) */
        JET lns = a.v >= x ? J(jlog1p)(J(jscale)(J(jaddc)(a, -x), 1 / x))
                           : J(jscale)(J(jlog1p)(J(jdiv)(J(jaddc)(J(jscale)(a, -1), x), a)), -1);
        return J(jexp)(J(jsub)(J(jsub)(J(jaddc)(a, -x), J(jmul)(a, lns)), lnGa));
    }
    return J(jexp)(J(jsub)(J(jaddc)(J(jscale)(a, log(x)), -x), J(jlgamma)(J(jaddc)(a, 1))));
}

/* Lentz's continued fraction of __gammainc__.cc, to convergence of the JET */
static JET J(gd_lentz)(double x, JET a)
{
    const double tiny = 0x1p-100;
    JET y = J(jc)(tiny), Cj = y, Dj = J(jc)(0), bj = J(jaddc)(J(jscale)(a, -1), x + 1), aj = a, Deltaj;
    for (int j = 1; j < 2000; j++) {
        Cj = J(jadd)(bj, J(jdiv)(aj, Cj));
        Dj = J(jrecip)(J(jadd)(bj, J(jmul)(aj, Dj)));
        Deltaj = J(jmul)(Cj, Dj);
        y = J(jmul)(y, Deltaj);
        if (j > 1 && J(cf_done)(Deltaj, y))
            break;
        bj = J(jaddc)(bj, 2);
        aj = J(jscale)(J(jaddc)(a, -j), j);        /* j (a - j) */
    }
    return y;
}

/* the series of gammainc.m (x > 0), to convergence of the JET */
static JET J(gd_series)(double x, JET a, int tail)
{
    JET y, term;
    if (tail == GD_SLOWER || tail == GD_SUPPER) {
        y = J(jc)(1);
        term = J(jrecip)(J(jscale)(J(jaddc)(a, 1), 1 / x));
    } else {
        y = J(gd_D)(x, a);
        term = J(jdiv)(J(jscale)(y, x), J(jaddc)(a, 1));
    }
    double n = 1;
    for (long it = 0; !J(series_done)(term, y) && it < 10000000; it++) {
        n += 1;
        y = J(jadd)(y, term);
        term = J(jmul)(term, J(jrecip)(J(jscale)(J(jaddc)(a, n), 1 / x)));
    }
    if (tail == GD_UPPER)
        y = J(jsub)(J(jc)(1), y);
    else if (tail == GD_SUPPER)
        y = J(jsub)(J(jrecip)(J(gd_D)(x, a)), y);
    return y;
}

/* gammainc.m's general cases for x > 0, a > 0 finite: the series or the
 * continued fraction (the closed forms at a == 1 and integer a are the
 * same function; their derivatives are these) */
static JET J(gd_general)(double x, JET a, int tail)
{
    JET y;
    if ((x + 0.25 < a.v) || x < 1)
        return J(gd_series)(x, a, tail);
    y = J(gd_lentz)(x, a);
    if (tail == GD_LOWER)
        y = J(jsub)(J(jc)(1), J(jmul)(y, J(gd_D)(x, a)));
    else if (tail == GD_UPPER)
        y = J(jmul)(y, J(gd_D)(x, a));
    else if (tail == GD_SLOWER)
        y = J(jsub)(J(jrecip)(J(gd_D)(x, a)), y);
    return y;
}

#endif

/* the continued fraction of __betainc__.cc (modified Lentz), to convergence
 * of the JET; x a constant */
static JET J(bd_lentz)(double x, JET a, JET b)
{
    const double tiny = 0x1p-100, x2 = x * x;
    JET y = J(jc)(tiny), Cj = y, Dj = J(jc)(0), Deltaj, alpha_j = J(jc)(1);
    JET ab = J(jadd)(a, b);
    /* beta_1 = a - (a (a + b)) / (a + 1) x */
    JET beta_j = J(jsub)(a, J(jscale)(J(jdiv)(J(jmul)(a, ab), J(jaddc)(a, 1)), x));
    for (int j = 1; j < 2000; j++) {
        Dj = J(jadd)(beta_j, J(jmul)(alpha_j, Dj));
        if (Dj.v == 0)
            Dj = J(jc)(tiny);
        Cj = J(jadd)(beta_j, J(jdiv)(alpha_j, Cj));
        if (Cj.v == 0)
            Cj = J(jc)(tiny);
        Dj = J(jrecip)(Dj);
        Deltaj = J(jmul)(Cj, Dj);
        y = J(jmul)(y, Deltaj);
        if (j > 1 && J(cf_done)(Deltaj, y))
            break;
        /* alpha = ((a + j - 1) (a + b + j - 1) (b - j) j) / (a + 2j - 1)^2 x^2 */
        JET a2 = J(jaddc)(a, 2.0 * j - 1);
        alpha_j = J(jmul)(J(jmul)(J(jaddc)(a, j - 1), J(jaddc)(ab, j - 1)), J(jscale)(J(jaddc)(b, -j), (double)j * x2));
        alpha_j = J(jdiv)(alpha_j, J(jmul)(a2, a2));
        /* beta = a + 2j + ((j (b - j)) / (a + 2j - 1) - ((a + j) (a + b + j)) / (a + 2j + 1)) x */
        JET t1 = J(jdiv)(J(jscale)(J(jaddc)(b, -j), j), a2);
        JET t2 = J(jdiv)(J(jmul)(J(jaddc)(a, j), J(jaddc)(ab, j)), J(jaddc)(a, 2.0 * j + 1));
        beta_j = J(jadd)(J(jaddc)(a, 2.0 * j), J(jscale)(J(jsub)(t1, t2), x));
    }
    return y;
}


/* betainc.m's general case for x in (0, 1), a, b > 0 (a == 1 or b == 1
 * included: the closed forms there are constant in that parameter) */
static JET J(bd_general)(double x, JET a, JET b, int upper)
{
    /* betainc.m: the side where the fraction converges; "upper" is 1 - the
     * lower tail unless computed from the other side directly */
    int swap = upper ? !(x < a.v / (a.v + b.v)) : x > a.v / (a.v + b.v), comp = upper ? !swap : swap;
    if (swap) {                     /* I_x (a, b) = 1 - I_(1-x) (b, a) */
        JET t = a;
        x = 1 - x;
        a = b;
        b = t;
    }
    JET f = J(bd_lentz)(x, a, b);
    int neg = f.v < 0;
    JET lf = J(jlog)(neg ? J(jscale)(f, -1) : f);
    JET y = J(jadd)(J(jadd)(J(jscale)(a, log(x)), J(jscale)(b, log1p(-x))),
                    J(jsub)(J(jsub)(J(jlgamma)(J(jadd)(a, b)), J(jlgamma)(a)), J(jlgamma)(b)));
    y = J(jexp)(J(jadd)(y, lf));
    if (neg)
        y = J(jscale)(y, -1);
    return comp ? J(jsub)(J(jc)(1), y) : y;
}
