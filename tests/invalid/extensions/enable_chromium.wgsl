enable chromium_experimental_pixel_local; //~ E1801
