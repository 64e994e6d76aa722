import { fieldSentence } from './errors';

// the API client reads window.location when loaded; these rules need only its error class
jest.mock('./api', () => ({ ApiFailure: class ApiFailure extends Error {} }));

describe('fieldSentence', () => {
  it("turns the API's messages into sentences in the user's language", () => {
    expect(fieldSentence('en', 'should not be empty')).not.toBe('should not be empty');
    expect(fieldSentence('tr', 'must not be null')).not.toMatch(/must/);
    expect(fieldSentence('en', 'must be zorp')).not.toBe('must be zorp');
  });

  it("keeps a sentence a screen wrote itself, even when it names a date or a limit", () => {
    expect(fieldSentence('en', 'The end date cannot be before the start date.')).toBe('The end date cannot be before the start date.');
    expect(fieldSentence('tr', 'Ödeme vadesi (gün) en fazla 3650 olabilir.')).toBe('Ödeme vadesi (gün) en fazla 3650 olabilir.');
    expect(fieldSentence('en', 'Payment terms (days) must be at most 3650.')).toBe('Payment terms (days) must be at most 3650.');
  });
});
