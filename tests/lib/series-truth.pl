#!/usr/bin/perl
# Reads every patch of a series against its own hunks and says, one line a
# patch, where its words are false:
#   - a workqueue name or flag the hunks add (system_percpu_wq,
#     system_dfl_wq, WQ_PERCPU, WQ_UNBOUND) that the subject or the log does
#     not name, or one the subject says it adds ("add X", "with X", "use X")
#     that the hunks do not add; an old name the subject says is replaced
#     that the hunks do not remove;
#   - a log that names the tool or one of its options;
#   - a patch whose hunks are not renames only (the upstream renames of
#     3.7/3.8 and 6.17, compared with whitespace removed) that claims no
#     behaviour change, or does not say "changes behavior"; a rename-only
#     patch that says it changes behaviour (unless the log says why: "This
#     is also a fix", a rename that puts an item on one workqueue);
#   - a site the hunks move to system_dfl_wq or WQ_UNBOUND that the log's
#     list of sites ("  path:line: NAME") does not account for.
# Hunks of the workqueue core, include/linux/workqueue.h and
# kernel/workqueue.c (--with-deprecation's API patches: deprecate, remove),
# are not renames of users and are left out of the behaviour test.
#
#   series-truth.pl DIR...   every NNNN-*.patch but the cover letter
# Prints "ok N patches" or one "FALSE: patch: what" line each; exit 1 on any.
use strict;
use warnings;

my @new_names = qw(system_percpu_wq system_dfl_wq WQ_PERCPU WQ_UNBOUND);
my ($checked, $false) = (0, 0);
my %core = map { $_ => 1 } qw(include/linux/workqueue.h kernel/workqueue.c);

sub count {
	my ($text, $name) = @_;
	my $n = () = $text =~ /\b\Q$name\E\b/g;
	return $n;
}

# One side of a hunk with the upstream renames applied and the per-CPU flag
# dropped, blanks removed: two sides equal are a rename only.
sub normal {
	my ($t) = @_;
	$t =~ s/\\\n//g;
	$t =~ s/\s+/ /g;
	$t =~ s/\bqueue_work\s*\(\s*system_nrt_wq\s*,\s*/schedule_work(/g;
	$t =~ s/\bqueue_delayed_work\s*\(\s*system_nrt_wq\s*,\s*/schedule_delayed_work(/g;
	$t =~ s/\bsystem_nrt_freezable_wq\b/system_freezable_wq/g;
	$t =~ s/\bsystem_nrt_wq\b/system_wq/g;
	$t =~ s/\bflush_work_sync\b/flush_work/g;
	$t =~ s/\bflush_delayed_work_sync\b/flush_delayed_work/g;
	$t =~ s/\bsystem_wq\b/system_percpu_wq/g;
	$t =~ s/\bsystem_unbound_wq\b/system_dfl_wq/g;
	for my $flag (qw(WQ_NON_REENTRANT WQ_PERCPU)) {
		$t =~ s/\s*\|\s*$flag\b//g;
		$t =~ s/\b$flag\s*\|\s*//g;
		$t =~ s/\b$flag\b/0/g;
	}
	# "x |= WQ_NON_REENTRANT;" is dropped, with the if that guarded it;
	# comments are text, moved or not
	$t =~ s/(?:\bif\s*\([^()]*\)\s*)?\b\w+\s*\|=\s*0\s*;//g;
	$t =~ s{/\*.*?\*/}{}g;
	$t =~ s/\s+//g;
	return $t;
}

sub say_false {
	my ($patch, $what) = @_;
	print "FALSE: $patch: $what\n";
	$false++;
}

sub check_patch {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!\n";
	my @lines = <$fh>;
	close $fh;
	my $name = $path;
	$name =~ s{.*/}{};

	# The subject, unfolded, without "[PATCH n/m] ".
	my ($subject, $i) = ('', 0);
	for ($i = 0; $i < @lines; $i++) {
		last if $lines[$i] =~ /^$/;
		if ($lines[$i] =~ /^Subject: (.*)/) {
			$subject = $1;
			while ($i + 1 < @lines && $lines[$i + 1] =~ /^ (.*)/) {
				$subject .= " $1";
				$i++;
			}
		}
	}
	$subject =~ s/^\[PATCH[^\]]*\]\s*//;
	my $log = '';
	for ($i++; $i < @lines && $lines[$i] !~ /^---$/; $i++) {
		$log .= $lines[$i];
	}
	# The hunks: + and - lines, and each hunk's two sides.
	my ($plus, $minus, $file) = ('', '', '');
	my (@hunks, $old, $new);
	for (; $i < @lines; $i++) {
		my $l = $lines[$i];
		if ($l =~ m{^\+\+\+ b/(.*)}) {
			$file = $1;
			next;
		}
		next if $l =~ /^--- /;
		if ($l =~ /^@@/) {
			push @hunks, [$file, '', ''];
			next;
		}
		next unless @hunks;
		last if $l =~ /^-- $/;
		my $h = $hunks[-1];
		if ($l =~ /^\+(.*)/s) {
			$plus .= $1 if !$core{$h->[0]};
			$h->[2] .= $1;
		} elsif ($l =~ /^-(.*)/s) {
			$minus .= $1 if !$core{$h->[0]};
			$h->[1] .= $1;
		} elsif ($l =~ /^ (.*)/s) {
			$h->[1] .= $1;
			$h->[2] .= $1;
		}
	}
	$checked++;

	my $flat_log = $log;
	$flat_log =~ s/\s+/ /g;
	if ($log =~ /\bwqcheck\b/i) {
		say_false($name, "the log names the tool");
	}
	if ($log =~ /(?:^|\s)(--[a-z][a-z-]+)/) {
		say_false($name, "the log names an option ($1)");
	}

	# Names the hunks add must be said; names the subject adds must be added.
	for my $n (@new_names) {
		my $net = count($plus, $n) - count($minus, $n);
		if ($net > 0 && index($subject, $n) < 0) {
			say_false($name, "the hunks add $n, the subject does not say so");
		}
		if ($net > 0 && index($log, $n) < 0) {
			say_false($name, "the hunks add $n, the log does not say so");
		}
	}
	my @claimed;
	if ($subject =~ /: add (.*) to alloc_workqueue users$/) {
		@claimed = split /,? (?:or|and) |, /, $1;
		for my $n (@new_names) {
			next if grep { $_ eq $n } @claimed;
			if (count($plus, $n) - count($minus, $n) > 0) {
				say_false($name, "the subject adds @claimed, the hunks $n too");
			}
		}
	} elsif ($subject =~ /: replace use of (\S+) with (.*)$/) {
		my $old_name = $1;
		@claimed = split /,? (?:or|and) |, /, $2;
		if (count($minus, $old_name) - count($plus, $old_name) <= 0) {
			say_false($name, "the subject replaces $old_name, the hunks do not remove it");
		}
	} elsif ($subject =~ /: use (.*) instead of (\S+)$/) {
		my ($new_name, $old_name) = ($1, $2);
		unless ($new_name =~ /\[/) {
			$new_name =~ s/\(\)$//;
			$old_name =~ s/\(\)$//;
			# queue_work(system_nrt_wq, w) became schedule_work(w)
			@claimed = ($new_name) unless $new_name eq 'system_wq' &&
				count($plus, 'schedule_work') + count($plus, 'schedule_delayed_work') >
				count($minus, 'schedule_work') + count($minus, 'schedule_delayed_work');
			if (count($minus, $old_name) - count($plus, $old_name) <= 0) {
				say_false($name, "the subject replaces $old_name, the hunks do not remove it");
			}
		}
	} elsif ($subject =~ /: use ((?:system_|WQ_)[^ ,]*(?:(?:, | and )\S+)*)$/) {
		@claimed = split /,? and |, /, $1;
	} elsif ($subject =~ /: WQ_NON_REENTRANT is meaningless/) {
		if (count($minus, 'WQ_NON_REENTRANT') <= count($plus, 'WQ_NON_REENTRANT')) {
			say_false($name, "the subject drops WQ_NON_REENTRANT, the hunks do not");
		}
	}
	for my $n (@claimed) {
		if (count($plus, $n) - count($minus, $n) <= 0) {
			say_false($name, "the subject says $n, the hunks do not add it");
		}
	}

	# Behaviour: renames only, or a log that says what changes.
	my $renames = 1;
	for my $h (@hunks) {
		next if $core{$h->[0]};
		if (normal($h->[1]) ne normal($h->[2])) {
			$renames = 0;
			print STDERR "differ: ", normal($h->[1]), "\n    vs: ", normal($h->[2]), "\n" if $ENV{TRUTH_DEBUG};
		}
	}
	my $claims_none = $flat_log =~ /doesn't introduce any behaviou?r change/ &&
			  $flat_log !~ /On top of that commit, this patch doesn't/;
	my $says_change = $flat_log =~ /changes behaviou?r/;
	if (!$renames && $claims_none) {
		say_false($name, "its hunks change behaviour, its log claims none");
	}
	if (!$renames && !$says_change) {
		say_false($name, "its hunks change behaviour, its log does not say what changes");
	}
	# (a rename that ends an item's second workqueue is a fix the hunks
	# alone cannot show: its log says "This is also a fix")
	if ($renames && $says_change && $flat_log !~ /This is also a fix/) {
		say_false($name, "its hunks rename only, its log says it changes behaviour");
	}

	# Every site moved off its CPU is in the log's list.
	my $unbound = count($plus, 'WQ_UNBOUND') - count($minus, 'WQ_UNBOUND');
	my $dfl = count($plus, 'system_dfl_wq') - count($minus, 'system_dfl_wq') -
		  (count($minus, 'system_unbound_wq') - count($plus, 'system_unbound_wq'));
	my $listed_unbound = () = $log =~ /^  \S+:\d+: WQ_UNBOUND\b/mg;
	my $listed_dfl = () = $log =~ /^  \S+:\d+: system_dfl_wq\b/mg;
	if ($unbound > 0 && $listed_unbound != $unbound) {
		say_false($name, "$unbound sites get WQ_UNBOUND, the log lists $listed_unbound");
	}
	if ($dfl > 0 && $listed_dfl != $dfl) {
		say_false($name, "$dfl sites move to system_dfl_wq, the log lists $listed_dfl");
	}
}

die "usage: series-truth.pl DIR...\n" unless @ARGV;
for my $dir (@ARGV) {
	opendir(my $dh, $dir) or die "$dir: $!\n";
	for my $p (sort grep { /^\d{4}-.*\.patch$/ && !/^0000-cover-letter/ } readdir $dh) {
		check_patch("$dir/$p");
	}
	closedir $dh;
}
print "ok $checked patches\n" unless $false;
exit($false ? 1 : 0);
