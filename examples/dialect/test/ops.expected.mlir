module {
  func.func @ops(%arg0: tensor<2xf64>, %arg1: tensor<2xf64>, %arg2: f64, %arg3: f64, %arg4: i1) -> tensor<2xf64> {
    %0 = toy.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64> : tensor<2xf64>
    %1 = toy.add %0, %arg0 : tensor<2xf64>
    %2 = toy.concat %1, %arg1 : (tensor<2xf64>, tensor<2xf64>) -> tensor<4xf64>
    toy.print %2 : tensor<4xf64>
    toy.print %1 after %arg2 : f64 label "sum" newline : tensor<2xf64>
    %3 = toy.neg %1 : tensor<2xf64>
    %4 = toy.round nearest %3 : tensor<2xf64>
    %5 = toy.round up %4 exact : tensor<2xf64>
    %6 = toy.iota <0 to 4> : tensor<4xf64>
    %7 = toy.make_box(%arg2, %arg3 : f64, f64) : !toy.box<f64, 4>
    %8 = toy.make_box : !toy.box<f32, 1>
    %9 = toy.scope "body" attributes {budget = 3 : i64} {
      %11 = toy.neg %5 : tensor<2xf64>
      %12 = toy.add %11, %11 : tensor<2xf64>
      toy.yield %12 : tensor<2xf64>
    } -> tensor<2xf64>
    toy.scope {
    }
    toy.cond_br %arg4 then ^bb1(%9 : tensor<2xf64>) else ^bb2
  ^bb1(%10: tensor<2xf64>):  // pred: ^bb0
    return %10 : tensor<2xf64>
  ^bb2:  // pred: ^bb0
    return %arg0 : tensor<2xf64>
  }
}

