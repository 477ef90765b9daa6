// Ops that must fail to parse or verify, with the expected diagnostics
// (mlir-opt-22 --verify-diagnostics --split-input-file): messages of the
// verifiers ODS generates and of the hand-written ones in plugin/ToyPlugin.cpp.

func.func @add_types(%a: tensor<2xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'toy.add' op failed to verify that all of {lhs, rhs, result} have same type}}
  %0 = "toy.add"(%a, %b) : (tensor<2xf64>, tensor<3xf64>) -> tensor<2xf64>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'toy.constant' op attribute 'value' failed to satisfy constraint: 64-bit float elements attribute}}
  %0 = toy.constant dense<[1, 2]> : tensor<2xi32> : tensor<2xf64>
  return
}

// -----

func.func @concat_axis(%a: tensor<2xf64>) {
  // expected-error @+1 {{'toy.concat' op axis 1 is out of range for rank 1}}
  %0 = toy.concat %a, %a {axis = 1 : i64} : (tensor<2xf64>, tensor<2xf64>) -> tensor<4xf64>
  return
}

// -----

func.func @scope_budget(%a: tensor<2xf64>) {
  // toy.concat costs one per input (its own getCost), toy.neg the default 1.
  // expected-error @+1 {{'toy.scope' op costs 4, over its budget of 3}}
  toy.scope attributes {budget = 3 : i64} {
    %0 = toy.concat %a, %a, %a : (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<6xf64>
    %1 = toy.neg %a : tensor<2xf64>
  }
  return
}

// -----

func.func @yield_parent(%a: tensor<2xf64>) {
  // expected-error @+1 {{'toy.yield' op expects parent op 'toy.scope'}}
  toy.yield %a : tensor<2xf64>
}

// -----

func.func @iota_size() {
  // expected-error @+1 {{'toy.iota' op result has 3 elements but the range has 4}}
  %0 = toy.iota <0 to 4> : tensor<3xf64>
  return
}

// -----

func.func @range_bounds() {
  // expected-error @+1 {{range lower bound 5 is above its upper bound 1}}
  %0 = toy.iota <5 to 1> : tensor<4xf64>
  return
}

// -----

func.func @box_capacity(%x: f64) {
  // expected-error @+1 {{a box holds at least one value}}
  %0 = toy.make_box(%x : f64) : !toy.box<f64, 0>
  return
}

// -----

func.func @box_overfull(%x: f64) {
  // expected-error @+1 {{'toy.make_box' op puts 2 values into a box of capacity 1}}
  %0 = toy.make_box(%x, %x : f64, f64) : !toy.box<f64, 1>
  return
}

// -----

func.func @box_element(%x: f32) {
  // expected-error @+1 {{'toy.make_box' op element of type 'f32' does not match the box element type 'f64'}}
  %0 = toy.make_box(%x : f32) : !toy.box<f64, 2>
  return
}

// -----

func.func @round_mode(%a: tensor<2xf64>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'mode' [nearest, down, up]}}
  %0 = toy.round sideways %a : tensor<2xf64>
  return
}
