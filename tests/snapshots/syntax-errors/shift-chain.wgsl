const x = 1u << 2u << 3u;
