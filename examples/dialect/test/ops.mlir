// Every op of the toy dialect in its custom assembly format. The plugin test
// parses, verifies and prints this file with mlir-opt-22 and compares the
// result with ops.expected.mlir, then parses that again (round trip) and
// through the generic form.

func.func @ops(%t: tensor<2xf64>, %u: tensor<2xf64>, %x: f64, %y: f64, %c: i1) -> tensor<2xf64> {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64> : tensor<2xf64>
  %1 = toy.add %0, %t : tensor<2xf64>
  %2 = toy.concat %1, %u {axis = 0 : i64} : (tensor<2xf64>, tensor<2xf64>) -> tensor<4xf64>
  toy.print %2 : tensor<4xf64>
  toy.print %1 after %x : f64 label "sum" newline : tensor<2xf64>
  %3 = toy.neg %1 : tensor<2xf64>
  %4 = toy.round nearest %3 : tensor<2xf64>
  %5 = toy.round up %4 exact : tensor<2xf64>
  %6 = toy.iota <0 to 4> : tensor<4xf64>
  %7 = toy.make_box(%x, %y : f64, f64) : !toy.box<f64, 4>
  %8 = toy.make_box : !toy.box<f32, 1>
  %9 = toy.scope "body" attributes {budget = 3 : i64} {
    %a = toy.neg %5 : tensor<2xf64>
    %b = toy.add %a, %a : tensor<2xf64>
    toy.yield %b : tensor<2xf64>
  } -> tensor<2xf64>
  toy.scope {
  }
  toy.cond_br %c then ^bb1(%9 : tensor<2xf64>) else ^bb2
^bb1(%r: tensor<2xf64>):
  return %r : tensor<2xf64>
^bb2:
  return %t : tensor<2xf64>
}
