const V = vec2i(4, 5) % vec2i(2, 0); //~ E1301
