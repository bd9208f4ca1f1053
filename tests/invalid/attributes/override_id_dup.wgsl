@id(1) override a: f32 = 1.0;
@id(1) override b: f32 = 2.0; //~ E1308
