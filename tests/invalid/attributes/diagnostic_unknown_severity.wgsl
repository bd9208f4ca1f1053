diagnostic(fatal, derivative_uniformity); //~ E1803
