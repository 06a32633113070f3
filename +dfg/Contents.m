## dfg: dataflow graphs and automatic differentiation for GNU Octave
##
## Ordinary Octave code on dfg.Tensor values records a graph; dfg compiles
## it into a plan once and runs it in C, returning plain Octave arrays.
## help NAME (e.g. help dfg.grad) shows each function's help, and
## lookfor WORD (e.g. lookfor gradient) searches them; the user guide
## and the tutorial are in the docs folder of the source tree.
##
## Tensors
##   dfg.Tensor          a symbolic tensor: a node of a graph
##   dfg.input           a symbolic input of a given size and class
##   dfg.constant        a constant tensor holding a copy of an array
##   dfg.variable        named mutable state (parameters, optimiser slots)
##   dfg.zeros           a constant tensor like Octave's zeros
##   dfg.ones            a constant tensor like Octave's ones
##   dfg.eye             a constant tensor like Octave's eye
##   dfg.value           evaluates a closed graph into an Octave array
##   dfg.assign          sets the contents of a variable
##
## Compiling and running plans
##   dfg.function        compiles outputs from inputs into a plan, once
##   dfg.jit             traces a function handle on its first call
##   dfg.passes          the optimisation passes new plans run
##   dfg.explain         what the passes did to a plan
##   dfg.nodes           the compiled graph of a plan
##   dfg.memory          the memory plan of a plan
##   dfg.checkpoint      gradient checkpointing of a part of a function
##   dfg.threads         how many threads the kernels use
##   dfg.device          the default device of new plans; what the machine has
##   dfg.on              places the nodes a function records on a device
##
## Automatic differentiation
##   dfg.grad            gradients by reverse mode
##   dfg.value_and_grad  a function's value and gradient in one plan
##   dfg.value_and_jacobian  its value and Jacobian, for fsolve & co.
##   dfg.jacobian        the Jacobian of a tensor
##   dfg.hessian         the Hessian of a real scalar
##   dfg.jvp             Jacobian-vector products (forward mode)
##   dfg.vjp             vector-Jacobian products (reverse mode)
##   dfg.stop_gradient   a value treated as a constant by differentiation
##
## Control flow inside graphs
##   dfg.scan            a loop over a sequence, with stacked outputs
##   dfg.fori            a counted loop
##   dfg.while           a loop with a data-dependent trip count
##   dfg.cond            a conditional decided each time a plan runs
##
## Differentiable solvers
##   dfg.ode45           Octave's ode45 in a graph, differentiable (adjoint)
##   dfg.ode23           Octave's ode23 in a graph, differentiable (adjoint)
##   dfg.integral        Octave's integral (quadgk) in a graph, differentiable
##
## Solvers with derivatives by the implicit function theorem
##   dfg.fsolve          a root of F (x) = 0 by Newton's method in the graph
##   dfg.argmin          a minimiser by Newton's method on the gradient
##   dfg.implicit        a root found any way, differentiable to any order
##
## Seeing graphs (teaching)
##   dfg.trace           forward, reverse and tangent evaluation traces
##   dfg.dot             Graphviz DOT text of a graph or a plan
##   dfg.show            draws a graph, a gradient, a plan or its memory
##
## Neural networks and training
##   dfg.nn.linear  dfg.nn.conv2d  dfg.nn.conv2d_transpose  dfg.nn.maxpool2d
##   dfg.nn.avgpool2d  dfg.nn.layernorm  dfg.nn.batchnorm  dfg.nn.dropout
##   dfg.nn.embedding  dfg.nn.rng                          layers
##   dfg.nn.relu  dfg.nn.leaky_relu  dfg.nn.elu  dfg.nn.gelu  dfg.nn.sigmoid
##   dfg.nn.softplus  dfg.nn.softmax  dfg.nn.log_softmax   activations
##   dfg.nn.cross_entropy  dfg.nn.mse                      losses
##   dfg.optim.sgd  dfg.optim.adam  dfg.optim.adamw  dfg.optim.rmsprop
##   dfg.optim.adagrad                                     optimisers
##   dfg.train           a training loop over mini-batches
##   dfg.save            saves variables and training states to a file
##   dfg.load            reads them back, into the variables if asked

## Octave 7 prints this text for "help dfg.Contents" (its help command does
## not read a package's Contents.m for "help dfg").  The test below keeps
## the list complete: every public function of the package (docs/reference)
## is named above, and every name above is a public function.

%!test
%! root = fileparts (fileparts (which ("dfg.grad")));
%! fns = {};
%! sub = {"+dfg", "dfg"; "+dfg/+nn", "dfg.nn"; "+dfg/+optim", "dfg.optim"};
%! for p = 1:rows (sub)
%!   for d = dir (fullfile (root, sub{p,1}, "*.m"))'
%!     fns{end+1} = [sub{p,2} "." d.name(1:end-2)];
%!   endfor
%!   for d = dir (fullfile (root, sub{p,1}, "@*"))'
%!     fns{end+1} = [sub{p,2} "." d.name(2:end)];
%!   endfor
%! endfor
%! fns = setdiff (fns, {"dfg.Contents"});
%! txt = get_help_text ("dfg.Contents");
%! named = unique (regexp (txt, 'dfg(\.[A-Za-z]\w*)+', "match"));
%! assert (setdiff (fns, named), cell (1, 0));
%! assert (setdiff (named, fns), cell (1, 0));
