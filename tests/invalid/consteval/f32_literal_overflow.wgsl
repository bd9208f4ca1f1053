const HUGE = 1e39f; //~ E0103
