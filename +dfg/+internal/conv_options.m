## -*- texinfo -*-
## @deftypefn {} {@var{o} =} dfg.internal.conv_options (@var{fn}, @var{args})
## Internal: the options of dfg.nn.conv2d and dfg.nn.conv2d_transpose,
## checked: @var{o}.stride, @var{o}.dilation ([h w]), @var{o}.padding
## ([top bottom left right], or @qcode{"same"}) and @var{o}.groups.
## @end deftypefn
function o = conv_options (fn, args)
  o = struct ("stride", [1 1], "padding", [0 0 0 0], "dilation", [1 1], "groups", 1);
  if (mod (numel (args), 2))
    error ("dfg:badArgument", "dfg.nn.%s: options come in name/value pairs", fn);
  endif
  for k = 1:2:numel (args)
    name = args{k};  v = args{k+1};
    if (! ischar (name))
      error ("dfg:badArgument", "dfg.nn.%s: option names must be strings", fn);
    endif
    switch (lower (name))
      case {"stride", "dilation"}
        if (! (isnumeric (v) && any (numel (v) == [1 2]) && all (v >= 1 & v == fix (v))))
          error ("dfg:badArgument", "dfg.nn.%s: \"%s\" must be a positive integer or two", fn, lower (name));
        endif
        o.(lower (name)) = double ([v(1), v(end)]);
      case "padding"
        if (ischar (v) && strcmpi (v, "same"))
          o.padding = "same";
        elseif (isnumeric (v) && any (numel (v) == [1 2 4]) && all (v >= 0 & v == fix (v)))
          v = double (v(:)');
          if (numel (v) == 1)
            v = [v v v v];
          elseif (numel (v) == 2)
            v = [v(1) v(1) v(2) v(2)];
          endif
          o.padding = v;
        else
          error ("dfg:badArgument", "dfg.nn.%s: \"padding\" must be a nonnegative integer, [ph pw], [top bottom left right] or \"same\"", fn);
        endif
      case "groups"
        if (! (isnumeric (v) && isscalar (v) && v >= 1 && v == fix (v)))
          error ("dfg:badArgument", "dfg.nn.%s: \"groups\" must be a positive integer", fn);
        endif
        o.groups = double (v);
      otherwise
        error ("dfg:badArgument", "dfg.nn.%s: unknown option '%s' (stride, padding, dilation, groups)", fn, name);
    endswitch
  endfor
endfunction
