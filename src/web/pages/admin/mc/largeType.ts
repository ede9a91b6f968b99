/** Large type that grows with the screen: readable from the MC's stand and on a projector. */
export const big = {
  script: 'clamp(1.5rem, 2.3vw, 3rem)',
  numbers: 'clamp(2rem, 3.4vw, 4.5rem)',
  heading: 'clamp(1.4rem, 2vw, 2.5rem)',
  body: 'clamp(1.1rem, 1.3vw, 1.6rem)',
};
