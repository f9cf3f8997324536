package org.tpccpg.driver.verdict;

/**
 * One line of a verdict: yes, no, or not judged, and why in words.
 *
 * @param state the judgement
 * @param why the figures against the thresholds, or what was missing
 */
public record Judgement(State state, String why) {
  /** Yes, no, or no judgement for lack of figures. */
  public enum State {
    YES("yes"),
    NO("NO"),
    NOT_JUDGED("not judged");

    private final String word;

    State(String word) {
      this.word = word;
    }

    /** As the text and summary.json say it. */
    public String word() {
      return word;
    }
  }

  static Judgement yes(String why) {
    return new Judgement(State.YES, why);
  }

  static Judgement no(String why) {
    return new Judgement(State.NO, why);
  }

  static Judgement notJudged(String why) {
    return new Judgement(State.NOT_JUDGED, why);
  }
}
