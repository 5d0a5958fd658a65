// The dashboard (issue 15): every figure's definition, the API's answers and the screen's words.
export * from './figures';
export * from './messages';
export * from './contracts';
export * from './activity';
export * from './trend-line';
