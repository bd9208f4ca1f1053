@id(1) override a = 1;
@id(1) override b = 2; //~ E1308
