@id(70000) override a = 1; //~ E1308
