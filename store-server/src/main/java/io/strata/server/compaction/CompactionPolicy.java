package io.strata.server.compaction;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses which files a minor compaction merges (HBase's ratio rule). Files are given oldest
 * first. Starting from the oldest, a file is skipped while it is larger than {@code ratio} times
 * the total size of the younger files that would join it; the first file that passes starts the
 * selection, which takes at most {@code maxFiles} contiguous files. Fewer than {@code minFiles}
 * selects nothing. Files above {@code maxFileSize} are never selected (and end a selection).
 * Selecting contiguous runs keeps newer data in newer files.
 */
public record CompactionPolicy(int minFiles, int maxFiles, double ratio, long maxFileSize) {
  public CompactionPolicy {
    if (minFiles < 2 || maxFiles < minFiles || ratio <= 0 || maxFileSize <= 0) {
      throw new IllegalArgumentException("compaction policy needs 2 <= min files (" + minFiles
          + ") <= max files (" + maxFiles + "), a positive ratio (" + ratio
          + ") and a positive max file size (" + maxFileSize + ")");
    }
  }

  /** Indexes (into {@code sizesOldestFirst}) of the files to merge; empty for none. */
  public List<Integer> select(List<Long> sizesOldestFirst) {
    int n = sizesOldestFirst.size();
    for (int start = 0; start + minFiles <= n; start++) {
      if (sizesOldestFirst.get(start) > maxFileSize) {
        continue;
      }
      int end = start + 1;
      long younger = 0;
      while (end < n && end - start < maxFiles && sizesOldestFirst.get(end) <= maxFileSize) {
        younger += sizesOldestFirst.get(end);
        end++;
      }
      if (end - start < minFiles) {
        continue;
      }
      if (sizesOldestFirst.get(start) <= ratio * younger) {
        List<Integer> picked = new ArrayList<>();
        for (int i = start; i < end; i++) {
          picked.add(i);
        }
        return picked;
      }
    }
    return List.of();
  }
}
