module {
  func.func @neg_neg(%arg0: tensor<2xf64>) -> tensor<2xf64> {
    return %arg0 : tensor<2xf64>
  }
  func.func @neg_neg_neg(%arg0: tensor<2xf64>) -> tensor<2xf64> {
    %0 = toy.neg %arg0 : tensor<2xf64>
    return %0 : tensor<2xf64>
  }
  func.func @neg_add(%arg0: tensor<2xf64>) -> tensor<2xf64> {
    %0 = toy.neg %arg0 : tensor<2xf64>
    %1 = toy.add %0, %arg0 : tensor<2xf64>
    %2 = toy.neg %1 : tensor<2xf64>
    return %2 : tensor<2xf64>
  }
}

