// parallel over agents, a lock per host, stash per branch and unstash on another agent.
pipeline {
    agent none
    stages {
        stage('fan out') {
            steps {
                script {
                    Map branches = [:]
                    ['a', 'b', 'c'].each { String name ->
                        branches[name] = {
                            node('benchmark') {
                                lock(resource: "bench-${env.NODE_NAME}") {
                                    sh "measure ${name}"
                                }
                                stash(name: "out-${name}", includes: "out/${name}/**")
                            }
                        }
                    }
                    parallel(branches)
                }
            }
        }
        stage('merge') {
            agent { label 'linux' }
            steps {
                unstash 'out-a'
                unstash 'out-b'
                unstash 'out-c'
                sh 'merge'
                archiveArtifacts(artifacts: 'out/**')
            }
        }
    }
}
