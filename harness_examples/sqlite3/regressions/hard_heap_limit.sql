PRAGMA hard_heap_limit=1000;
