package com.example.answers;

import dev.calltype.annotations.Answer;

/** The sentiment of a review. */
@Answer
public enum Sentiment { POSITIVE, NEUTRAL, NEGATIVE }
