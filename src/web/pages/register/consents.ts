/** The texts each dancer agrees to (spec §9: a liability release and a media permission). */
export const LIABILITY_TITLE = 'Liability release (required)';
export const LIABILITY_TEXT = [
  'Ballroom dancing is a physical activity. Dancing, warming up and moving around a crowded floor carry a risk of injury, including falls, collisions with other couples, strains and sprains, and, rarely, more serious harm.',
  'I take part of my own free will, I am fit to dance, and I accept these risks. I release the organizers, the host institution, the officials and the volunteers from claims for injury, loss or damage arising from my participation, except where caused by their negligence.',
  'I will follow the rules of the competition and the instructions of the officials, and I allow first aid to be given to me if I need it.',
];

export const MEDIA_TITLE = 'Media permission (optional)';
export const MEDIA_TEXT = [
  'The organizers take photographs and video during the competition. I allow them to use pictures and recordings in which I appear, with my name and team, on the competition’s website and social media and in its promotional material, without payment.',
  'I can withdraw this permission at any time by writing to the organizers; material already published is not recalled.',
];
