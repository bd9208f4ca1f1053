diagnostic(off, derivative_uniformity);
diagnostic(error, derivative_uniformity); //~ E1804
